//! Process-wide settings made once at start, before any file is written or hash computed:
//! `main` calls `harden` for every command, and `Application::build` again, so tests that start
//! the server in their own process get the same.

/// Files and folders the server creates are its own: the database, its WAL, backups, mails,
/// photos and keys hold personal data and secrets, so nobody else on the machine may read
/// them (0600 files, 0700 folders).
const PRIVATE_UMASK: libc::mode_t = 0o077;

/// Allocations from this size on are mapped on their own and handed back to the system when
/// freed. glibc otherwise raises its threshold to the largest block freed so far (up to
/// 32 MiB), after which every 19 MiB password hash stays in some thread's heap: bursts of sign-ins
/// left gigabytes resident.
const MMAP_THRESHOLD: libc::c_int = 1 << 20;

pub fn harden() {
    // SAFETY: umask only swaps the process's file-mode mask; it cannot fail.
    unsafe {
        libc::umask(PRIVATE_UMASK);
    }
    #[cfg(target_env = "gnu")]
    // SAFETY: mallopt changes a glibc tuning value; an invalid one is refused (returns 0).
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}
