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

/// Takes group and other permissions off everything under `dir` that an earlier version wrote
/// before `harden` existed (its database, WAL, backups, mails, photos), so an upgraded site is as
/// private as a new one. A missing folder is fine: the server makes it.
pub fn make_private(dir: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let meta = match std::fs::symlink_metadata(dir) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    if meta.file_type().is_symlink() {
        return Ok(());
    }
    let mode = meta.permissions().mode();
    if mode & 0o077 != 0 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode & !0o077))?;
    }
    if meta.is_dir() {
        for entry in std::fs::read_dir(dir)? {
            make_private(&entry?.path())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn files_an_earlier_version_left_open_become_private() {
        let dir = std::env::temp_dir().join(format!(
            "inlumine-private-{}",
            crate::kit::secret_token::new_token()
        ));
        std::fs::create_dir_all(dir.join("backups")).unwrap();
        let file = dir.join("backups").join("daily.zip");
        std::fs::write(&file, b"x").unwrap();
        for path in [&dir, &dir.join("backups"), &file] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        super::make_private(&dir).unwrap();
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join("backups")), 0o700);
        assert_eq!(mode(&file), 0o700);
        super::make_private(&dir.join("missing")).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
