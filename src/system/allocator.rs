//! How the process asks glibc's allocator for memory.
//!
//! A whole-account list's answer is one buffer of tens of MiB (100,000 domains are some
//! 30 MiB), read, decoded and freed. glibc raises its threshold for serving a request
//! with its own mapping each time such a buffer is freed, so the next ones come from the
//! heap, and freed heap memory in the middle of it is not given back: the dashboard with
//! three lists of 100,000 held 242 MB where 165 MB are in use. A fixed threshold keeps every
//! buffer above it in a mapping of its own, given back to the system when freed.

/// Fixes the threshold above which an allocation gets its own mapping (glibc's default
/// start, 128 KiB, which it would otherwise raise). Does nothing on other C libraries.
pub fn return_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets an allocator parameter; it is called once, first thing
    // in `main`, before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}
