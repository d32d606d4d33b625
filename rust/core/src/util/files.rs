//! The one reader of files the user names (positions, maps, components): regular files
//! only, at most a cap of bytes, UTF-8 text. A device (`/dev/zero`), a FIFO (which would
//! block until a writer came) or a folder is refused before it is opened, and a file
//! longer than the cap is refused after reading one byte past it.

use std::io::Read;
use std::path::Path;

/// The most bytes read from a position or map file (each is a few KiB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The most bytes read from a Golem components file (the builtin one is 135 KiB; an
/// owner's corrected copy with notes may be larger).
pub const MAX_COMPONENTS_BYTES: u64 = 8 << 20;

/// The text of the regular file `path`, at most `cap` bytes of UTF-8; the error says why
/// not (`not a regular file`, `larger than 1048576 bytes`, `not UTF-8 text (byte 3)` or
/// the system's message).
pub fn read_text(path: &Path, cap: u64) -> Result<String, String> {
    let metadata = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err("not a regular file".to_string());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > cap {
        return Err(format!("larger than {cap} bytes"));
    }
    String::from_utf8(bytes)
        .map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_cap_are_read() {
        let dir = std::env::temp_dir().join(format!("golem-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.txt");
        std::fs::write(&file, "hello").unwrap();
        assert_eq!(read_text(&file, 5).as_deref(), Ok("hello"));
        assert_eq!(read_text(&file, 4), Err("larger than 4 bytes".to_string()));
        std::fs::write(&file, b"ab\xff").unwrap();
        assert_eq!(
            read_text(&file, 5),
            Err("not UTF-8 text (byte 2)".to_string())
        );
        assert_eq!(read_text(&dir, 5), Err("not a regular file".to_string()));
        // A device that never ends, and a FIFO no one writes to, come back at once.
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            assert_eq!(read_text(zero, 5), Err("not a regular file".to_string()));
        }
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert_eq!(read_text(&fifo, 5), Err("not a regular file".to_string()));
        }
        assert!(read_text(&dir.join("missing"), 5).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
