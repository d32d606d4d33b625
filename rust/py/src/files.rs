//! File input and output that cannot lose the user's data: bounded reads, and writes to a
//! temporary file in the same folder that is synced and renamed into place, so a failed
//! write leaves the old file whole and no partial file behind.

use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Largest position file read (a position is a few kilobytes).
pub const MAX_POSITION_BYTES: u64 = 1 << 20;

/// A refusal naming the file.
pub struct FileError {
    pub field: String,
    pub message: String,
}

fn refuse(path: &Path, message: impl Into<String>) -> FileError {
    FileError {
        field: path.display().to_string(),
        message: message.into(),
    }
}

/// The text of a file of at most [`MAX_POSITION_BYTES`], which must be UTF-8.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let file = File::open(path).map_err(|e| refuse(path, e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_POSITION_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refuse(path, e.to_string()))?;
    if bytes.len() as u64 > MAX_POSITION_BYTES {
        return Err(refuse(
            path,
            format!("larger than {MAX_POSITION_BYTES} bytes; not a position file"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        refuse(
            path,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
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
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let mut temp = None;
    for attempt in 0..100u32 {
        let candidate = dir.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
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
