"""A small driver of ``canasta play`` on a pseudo-terminal, for the tests (no pexpect needed)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

#: Colour and cursor escape codes, and carriage returns: removed from :attr:`PtyGame.screen`.
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\r")
#: Seconds to wait for the program's output or exit: an upper bound only, generous for a loaded
#: machine (a CI runner sharing its two cores can take several seconds to start Python and rich).
TIMEOUT = 60.0
#: The prompts of ``canasta play``.
PROMPT = re.compile(r"(Your move \[[^\]]*\]|Press Enter to deal hand \d+ \(or quit\)): $")


def _default_sigint() -> None:
    """In the child: Ctrl-C back to its default. A test run started in the background of a shell
    without job control (as CI may start it) inherits SIGINT ignored, and Python keeps ignoring a
    signal it starts with ignored, so the program would never see the Ctrl-C sent to it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class PtyGame:
    """``command ARGS`` (default ``python -m canasta play``) with its standard streams on a
    pseudo-terminal of ``cols`` columns. :attr:`screen` collects what it printed, without
    escape codes."""

    def __init__(
        self,
        *args: str,
        command: tuple[str, ...] = (sys.executable, "-m", "canasta", "play"),
        env: dict[str, str] | None = None,
        cols: int = 100,
    ) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, cols, 0, 0))
        full_env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols), **(env or {})}
        self.proc = subprocess.Popen(
            [*command, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=full_env,
            preexec_fn=_default_sigint,
        )
        os.close(slave)
        self.screen = ""
        self._seen = 0
        self._raw = b""
        self._eof = False

    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout`` seconds; False at the end of the output."""
        if self._eof:
            return False
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the program has closed the terminal
            chunk = b""
        if not chunk:
            self._eof = True
            return False
        self._raw += chunk
        try:
            text = self._raw.decode("utf-8")
        except UnicodeDecodeError:  # a character split between two reads
            return True
        self._raw = b""
        self.screen += ANSI.sub("", text)
        return True

    def expect(self, pattern: re.Pattern[str], timeout: float = TIMEOUT) -> re.Match[str]:
        """Read until ``pattern`` matches the output after the last match; return the match.

        Raises:
            TimeoutError: not within ``timeout`` seconds.
            EOFError: the output ended first.
        """
        deadline = time.monotonic() + timeout
        while True:
            m = pattern.search(self.screen, self._seen)
            if m:
                self._seen = m.end()
                return m
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {pattern.pattern!r} in:\n{self.screen[-3000:]}")
            if not self._read(min(left, 0.5)):
                raise EOFError(f"the output ended before {pattern.pattern!r}:\n{self.screen}")

    def prompt(self, timeout: float = TIMEOUT) -> str:
        """Wait for the next prompt; return its text."""
        return self.expect(PROMPT, timeout).group(1)

    def send(self, text: str) -> None:
        """Type ``text`` (the program reads in the terminal's line mode: typing ahead is fine)."""
        os.write(self.master, text.encode("utf-8"))

    def send_eof(self) -> None:
        """Ctrl-D at the start of a line: the end of the input."""
        self.send("\x04")

    def interrupt(self) -> None:
        """Ctrl-C (the signal: the pseudo-terminal is not the program's controlling one)."""
        self.proc.send_signal(signal.SIGINT)

    def finish(self, timeout: float = TIMEOUT) -> int:
        """Read to the end of the output; return the exit code."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self._read(0.5):
            pass
        return self.proc.wait(timeout=max(0.1, deadline - time.monotonic()))

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        with contextlib.suppress(OSError):
            os.close(self.master)
