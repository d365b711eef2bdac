//! A process group that is killed when its guard is dropped: a helper command and
//! everything it started end together, however the wait for it ends.

/// Kills the process group `pgid` (a child started with `process_group(0)`) on drop.
pub struct Guard {
    pgid: u32,
}

impl Guard {
    pub fn new(pgid: u32) -> Guard {
        Guard { pgid }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Ok(pgid) = libc::pid_t::try_from(self.pgid) {
            // SAFETY: killpg only sends a signal; a group that is already gone is ESRCH.
            unsafe {
                libc::killpg(pgid, libc::SIGKILL);
            }
        }
    }
}
