#!/usr/bin/env python3
"""Times a terminal program from its start to its first frame.

Runs COMMAND on a fresh pseudo-terminal of COLSxROWS, answers the
terminal queries a real terminal answers (the background colour, OSC 11;
mode reports, DECRQM; the cursor position, DSR 6), and prints the
milliseconds from just before the program starts until each MARKER (text
of a drawn frame; several may be given, separated by |, each looked for
once the one before has appeared) has appeared in its output, and the CPU
time the program had used by the last (user and system, in ms: what a busy
machine moves least), and 1 if the text FIRSTFRAME_FLAG (environment)
was in the output when the first marker came, else 0. A marker after the
first that never comes within the timeout prints as nan (and the CPU too). Then it presses q, waits for the
program to exit (killing it after two seconds) and exits 0, or 1 if the
marker never came within the timeout.

Usage: firstframe.py MARKER[|MARKER…] TIMEOUT_S COLS ROWS COMMAND [ARG...]
Used by bench/startup.sh.
"""
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time


def main():
    markers = [m.encode() for m in sys.argv[1].split("|")]
    timeout, cols, rows = float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    argv = sys.argv[5:]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, start_new_session=True, close_fds=True)
    os.close(slave)
    seen, got, cpu, answered, at = b"", None, 0.0, set(), []
    flag, flagged = os.environ.get("FIRSTFRAME_FLAG", "").encode(), False
    replies = [
        (b"\x1b]11;?", b"\x1b]11;rgb:0000/0000/0000\x1b\\"),
        (b"\x1b[?2026$p", b"\x1b[?2026;2$y"),
        (b"\x1b[?2027$p", b"\x1b[?2027;0$y"),
        (b"\x1b[6n", b"\x1b[1;1R"),
    ]
    deadline = t0 + timeout
    while got is None and time.monotonic() < deadline:
        r, _, _ = select.select([master], [], [], max(0.0, deadline - time.monotonic()))
        if not r:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        while len(at) < len(markers) and markers[len(at)] in seen:
            at.append(time.monotonic())
            if flag and len(at) == 1:
                flagged = flag in seen  # in the first frame
        if len(at) == len(markers):
            got = at[-1]
            cpu = cpu_ms(proc.pid)
            break
        for query, reply in replies:
            if query in seen and query not in answered:
                answered.add(query)
                os.write(master, reply)
    try:
        os.write(master, b"q")
    except OSError:
        pass
    # keep draining so the program never blocks on a full terminal
    end = time.monotonic() + 2
    while proc.poll() is None and time.monotonic() < end:
        r, _, _ = select.select([master], [], [], 0.05)
        if r:
            try:
                os.read(master, 65536)
            except OSError:
                break
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    os.close(master)
    if not at:
        sys.stderr.write("firstframe: no %r within %ss; output began %r\n" % (markers[0], timeout, seen[:300]))
        return 1
    if got is None:
        cpu = float("nan")
    times = ["%.1f" % ((t - t0) * 1000) for t in at] + ["nan"] * (len(markers) - len(at))
    print(" ".join(times), "%.0f" % cpu, int(flagged))
    return 0


def cpu_ms(pid):
    """The CPU time (user and system) the process has used so far, in ms."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    sys.exit(main())
