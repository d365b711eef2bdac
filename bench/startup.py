#!/usr/bin/env python3
"""Start-up and idle figures of the release binary in a pseudo-terminal (80x24).

    cargo build --release && python3 bench/startup.py

exec -> first frame: time from fork/exec until the login form's title is on the terminal
(no demo, no password: the form is the first complete frame).
idle CPU: user+system time a `--demo` process used in 10 s of doing nothing, once the
dashboard is loaded (the radar shown and 2 s of quiet).

`--demo -> loaded` is not measured here: the frames are drawn as diffs, so the final text
never appears whole in the byte stream; it needs a terminal emulator (vt100) to read.
"""
import fcntl, os, pty, select, statistics, struct, sys, termios, time

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "portal-tui")
RUNS = 20


def spawn(args, env):
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(BIN, [BIN] + args, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def wait_for(fd, needle, start, limit=10.0):
    seen = b""
    while time.perf_counter() - start < limit:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
            if needle in seen:
                return time.perf_counter() - start
    raise SystemExit(f"timed out waiting for {needle!r}")


def stop(pid, fd):
    os.write(fd, b"\x03")
    os.waitpid(pid, 0)
    os.close(fd)


def cpu_seconds(pid):
    """Time on CPU of every thread, in ns resolution (/proc/PID/task/*/schedstat)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        total += int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0])
    return total / 1e9


def main():
    base = dict(os.environ, TERM="xterm-256color")
    base.pop("PORTAL_PASSWORD", None)
    form_env = dict(base, PORTAL_BASE_URL="http://127.0.0.1:9", PORTAL_HOST="my.example.vn",
                    PORTAL_USERNAME="demo@example.vn")
    first = []
    for _ in range(RUNS):
        start = time.perf_counter()
        pid, fd = spawn([], form_env)
        first.append(wait_for(fd, "Sign in to your portal".encode(), start))
        stop(pid, fd)
    pid, fd = spawn(["--demo"], base)
    wait_for(fd, "Radar".encode(), time.perf_counter())
    time.sleep(2.0)
    before = cpu_seconds(pid)
    time.sleep(10.0)
    idle = cpu_seconds(pid) - before
    stop(pid, fd)

    def row(name, xs):
        xs = sorted(xs)
        print(f"{name:<34} median {statistics.median(xs) * 1000:6.1f} ms   "
              f"p90 {xs[int(len(xs) * 0.9) - 1] * 1000:6.1f} ms   ({len(xs)} runs)")

    row("exec -> first frame (login form)", first)
    print(f"{'idle CPU over 10 s (after load)':<34} {idle * 1000:.3f} ms (all threads, schedstat)")


main()
