"""QR codes as runs of dark modules, for the printed report and the table's seat links alike: each
draws the runs its own way (ReportLab rectangles, an SVG path)."""
import qrcode


def dark_runs(text: str) -> tuple:
    """(modules per side, [(row, column, length)]) of the code for `text` (no quiet zone; level M)."""
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    runs = []
    for row, modules in enumerate(matrix):
        col = 0
        while col < len(modules):
            if not modules[col]:
                col += 1
                continue
            end = col
            while end < len(modules) and modules[end]:
                end += 1
            runs.append((row, col, end - col))
            col = end
    return len(matrix), runs


def svg_path(text: str, quiet: int = 4) -> tuple:
    """(side with the quiet zone, the path data of the dark modules) for an inline <svg>."""
    side, runs = dark_runs(text)
    return side + 2 * quiet, "".join(f"M{quiet + c} {quiet + r}h{n}v1h-{n}z" for r, c, n in runs)
