"""This machine's network addresses, by interface: what a phone might open the table at.

`referee serve --lan` prints one address (the one its default route leaves by); a machine with
several interfaces (wired and Wi-Fi, a VPN, a container bridge) has others, and a phone on another
network than the printed one cannot reach it. The Join page lists them all and says which one its
codes use. Linux reads each interface's IPv4 address with the SIOCGIFADDR ioctl; elsewhere the
addresses the host name resolves to stand in (interface unnamed).
"""
import fcntl
import socket
import struct

SIOCGIFADDR = 0x8915


def addresses() -> list:
    """[(interface name or "", IPv4 address)] of every interface that has one, loopback left out."""
    found = []
    try:
        names = [name for _index, name in socket.if_nameindex()]
    except OSError:
        names = []
    for name in names:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
        address = socket.inet_ntoa(packed[20:24])
        if not address.startswith("127."):
            found.append((name, address))
    if not found:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            infos = []
        for info in infos:
            address = info[4][0]
            if not address.startswith("127.") and ("", address) not in found:
                found.append(("", address))
    return found
