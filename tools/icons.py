"""Draw the app's icons for the web app manifest (referee/web/install.py) with Pillow.

    python3 tools/icons.py            writes static/icons/referee-192.png, referee-512.png and
                                      referee-maskable-512.png

A yellow lightning bolt over a white referee's stripe on the table's blue, drawn at four times the
size and scaled down (smooth edges). The maskable one fills the whole square and keeps the bolt in
the middle 80 % that every launcher's mask leaves visible. Run it again after changing the drawing
and commit the PNGs: nothing is drawn at run time.
"""
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
BLUE, YELLOW, WHITE, INK = (31, 78, 121), (255, 200, 40), (255, 255, 255), (20, 40, 64)
SCALE = 4
# The bolt on a 100 × 100 grid.
BOLT = [(58, 6), (24, 54), (46, 54), (38, 94), (76, 40), (53, 40), (64, 6)]


def draw(size: int, maskable: bool) -> Image.Image:
    big = size * SCALE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if maskable:
        d.rectangle([0, 0, big, big], fill=BLUE)
        inset, span = big * 0.1, big * 0.8
    else:
        d.rounded_rectangle([0, 0, big - 1, big - 1], radius=big * 0.18, fill=BLUE)
        inset, span = big * 0.06, big * 0.88

    def at(x, y):
        return inset + x / 100 * span, inset + y / 100 * span

    stripe = big * 0.09
    stripes = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    s = ImageDraw.Draw(stripes)
    for i in range(-3, 5):      # the referee's stripes, faint behind the bolt
        x = big / 2 + i * stripe * 2.2
        s.polygon([(x - stripe / 2, 0), (x + stripe / 2, 0), (x + stripe / 2 - big * 0.25, big),
                   (x - stripe / 2 - big * 0.25, big)], fill=(255, 255, 255, 30))
    img = Image.alpha_composite(img, stripes)
    d = ImageDraw.Draw(img)
    shadow = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).polygon([at(x + 2.5, y + 2.5) for x, y in BOLT], fill=INK + (150,))
    img = Image.alpha_composite(img, shadow)
    d = ImageDraw.Draw(img)
    d.polygon([at(x, y) for x, y in BOLT], fill=YELLOW, outline=WHITE, width=max(1, int(big * 0.012)))
    if not maskable:    # keep the stripes inside the rounded square
        mask = Image.new("L", (big, big), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, big - 1, big - 1], radius=big * 0.18, fill=255)
        img.putalpha(Image.composite(img.getchannel("A"), Image.new("L", (big, big), 0), mask))
    return img.resize((size, size), Image.LANCZOS)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        draw(size, False).save(OUT / f"referee-{size}.png", optimize=True)
    draw(512, True).save(OUT / "referee-maskable-512.png", optimize=True)
    print(f"icons written to {OUT}")


if __name__ == "__main__":
    main()
