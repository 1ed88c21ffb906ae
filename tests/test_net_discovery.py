"""Tables are found on the network with zeroconf (here on loopback only)."""

from __future__ import annotations

import secrets
import time

from hearts_desktop.net.discovery import Advertiser, Browser, TableAd
from hearts_desktop.net.protocol import PROTOCOL

LOOPBACK = ["127.0.0.1"]
# A service type of this test's own: tables the program (or another test run) advertises on
# the same loopback are neither heard here nor disturbed by this one.
SERVICE = f"_hd-test-{secrets.token_hex(3)}._tcp.local."  # at most 15 characters before ._tcp


def wait_for(browser: Browser, check: object, seconds: float = 120.0) -> list[TableAd]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        tables = browser.tables()
        if check(tables):  # type: ignore[operator]
            return tables
        time.sleep(0.05)
    return browser.tables()


def test_a_hosted_table_is_heard_with_its_open_seats_and_forgotten_when_closed() -> None:
    advertiser = Advertiser("Ann", 47999, 2, interfaces=LOOPBACK, service=SERVICE)
    browser = Browser(interfaces=LOOPBACK, service=SERVICE)
    try:
        tables = wait_for(browser, lambda t: bool(t))
        assert [(t.host_name, t.address, t.port, t.open_seats, t.protocol) for t in tables] == [
            ("Ann", "127.0.0.1", 47999, 2, PROTOCOL)]
        assert tables[0].label == "Ann — 2 open seats"
        advertiser.update(1)
        assert wait_for(browser, lambda t: t and t[0].open_seats == 1)[0].label == "Ann — 1 open seat"
        advertiser.close()
        assert wait_for(browser, lambda t: not t) == []
    finally:
        browser.close()


def test_a_table_of_another_version_says_so() -> None:
    ad = TableAd("Bo", "10.0.0.3", 47474, "9.0.0", PROTOCOL + 1, 3)
    assert not ad.compatible
    assert ad.label == "Bo — runs Hearts Desktop 9.0.0, not this version"
