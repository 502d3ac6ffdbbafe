"""Headless Chromium driven over its DevTools pipe: open a page, press real keys.

A key sent with ``Input.dispatchKeyEvent`` goes through the browser's own input path
(focus, the default action, every listener), unlike an event a script in the page makes
up.  The pipe (``--remote-debugging-pipe``: commands on the browser's fd 3, answers on
its fd 4, each a JSON message ending in a NUL byte) needs no port and no package.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")

# The keys used here, as the DevTools protocol names them.
_KEYS = {
    "ArrowRight": ("ArrowRight", 39),
    "ArrowLeft": ("ArrowLeft", 37),
    "PageDown": ("PageDown", 34),
    " ": ("Space", 32),
}


class Browser:
    """One headless Chromium with one page, ended on leaving the ``with`` block."""

    def __init__(self, profile: Path, timeout: float = 60.0) -> None:
        assert BROWSER is not None
        self.timeout = timeout
        to_browser, self._commands = os.pipe()
        self._answers, from_browser = os.pipe()

        def wire() -> None:  # the child's fd 3 reads commands, fd 4 writes answers
            # (copied above 10 first, so neither end is overwritten if it is 3 or 4)
            high_in = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10)
            high_out = fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.process = subprocess.Popen(
            [
                BROWSER,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--no-first-run",
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                "--window-size=1280,720",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire,  # a test helper: no threads to be forked with it
            close_fds=False,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.session = ""

    def __enter__(self) -> Browser:
        page = self._wait_for_page()
        attached = self.send("Target.attachToTarget", targetId=page, flatten=True)
        self.session = attached["sessionId"]
        for domain in ("Page", "Network", "Runtime"):
            self.send(f"{domain}.enable")
        return self

    def __exit__(self, *_exc: object) -> None:
        try:
            self.session = ""
            self.send("Browser.close")
        except (OSError, TimeoutError, RuntimeError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        os.close(self._answers)

    def _wait_for_page(self) -> str:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            targets = self.send("Target.getTargets")["targetInfos"]
            pages = [t["targetId"] for t in targets if t["type"] == "page"]
            if pages:
                return str(pages[0])
            time.sleep(0.1)
        raise TimeoutError("Chromium opened no page")

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command (to the page once attached) and wait for its answer."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self.events.append(answer)

    def _read(self) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._answers], [], [], max(0.0, left))
            if not ready:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    def open(self, url: str) -> None:
        """Go to ``url`` and wait until it has loaded."""
        self.send("Page.navigate", url=url)
        deadline = time.monotonic() + self.timeout
        while self.evaluate("document.readyState") != "complete" or "about:" in str(
            self.evaluate("location.href")
        ):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not load")
            time.sleep(0.1)

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    def press(self, key: str) -> None:
        """Press and release ``key`` as a keyboard would."""
        code, number = _KEYS[key]
        common = {"key": key, "code": code, "windowsVirtualKeyCode": number}
        text = {"text": key} if len(key) == 1 else {}
        self.send("Input.dispatchKeyEvent", type="keyDown", **common, **text)
        self.send("Input.dispatchKeyEvent", type="keyUp", **common)

    def requested(self) -> list[str]:
        """Every address the page asked for so far."""
        return [
            e["params"]["request"]["url"]
            for e in self.events
            if e.get("method") == "Network.requestWillBeSent"
        ]
