//! File input and output that cannot lose the user's data: bounded reads, and writes to a
//! temporary file in the same folder that is synced and renamed into place, so a failed
//! write leaves the old file whole and no partial file behind.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use golem_core::Refusal;

/// Largest position file read (a position is a few kilobytes).
pub const MAX_POSITION_BYTES: u64 = golem_core::util::files::MAX_FILE_BYTES;

/// A refusal naming the file (the core's one refusal type).
pub type FileError = Refusal;

fn refuse(path: &Path, message: impl Into<String>) -> FileError {
    Refusal::new(path.display().to_string(), message)
}

/// The text of a regular file of at most [`MAX_POSITION_BYTES`], which must be UTF-8
/// (the core's one reader of named files).
pub fn read_text(path: &Path) -> Result<String, FileError> {
    if path.as_os_str().is_empty() {
        return Err(Refusal::new("path", "empty".to_string()));
    }
    golem_core::util::files::read_text(path, MAX_POSITION_BYTES).map_err(|message| {
        if message.starts_with("larger than") {
            refuse(path, format!("{message}; not a position file"))
        } else {
            refuse(path, message)
        }
    })
}

/// Writes `bytes` to `path` atomically. Without `overwrite` an existing file is refused
/// (and a file that appears meanwhile is not replaced).
pub fn write_atomically(path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), FileError> {
    if !overwrite && path.symlink_metadata().is_ok() {
        return Err(refuse(
            path,
            "file exists; pass overwrite=True to replace it",
        ));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp = None;
    for attempt in 0..100u32 {
        // Short, so that any name the target may have still fits the system's limit.
        let candidate = dir.join(format!(".golem-{:x}-{attempt}.tmp", std::process::id()));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(file) => {
                temp = Some((candidate, file));
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(refuse(path, e.to_string())),
        }
    }
    let (temp_path, mut file) =
        temp.ok_or_else(|| refuse(path, "no temporary file could be made"))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            if overwrite {
                fs::rename(&temp_path, path)
            } else {
                // A hard link fails if the name exists: no race with another writer.
                fs::hard_link(&temp_path, path).and_then(|()| fs::remove_file(&temp_path))
            }
        });
    written.map_err(|e| {
        let _ = fs::remove_file(&temp_path);
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            refuse(path, "file exists; pass overwrite=True to replace it")
        } else {
            refuse(path, e.to_string())
        }
    })
}
