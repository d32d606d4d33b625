//! Word wrapping for the pictures' text: SVG draws no line breaks of its own.

/// Splits `text` into lines of at most `width` characters at spaces, keeping every word
/// (a word longer than `width` gets a line of its own).
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if candidate.chars().count() <= width || current.is_empty() {
            current = candidate;
        } else {
            out.push(std::mem::take(&mut current));
            current = word.to_string();
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    #[test]
    fn keeps_every_word_and_breaks_only_at_spaces() {
        let lines = wrap_words("one two three four five six", 9);
        assert_eq!(lines, ["one two", "three", "four five", "six"]);
        assert_eq!(
            wrap_words("unbreakable-word x", 4),
            ["unbreakable-word", "x"]
        );
        assert!(wrap_words("", 10).is_empty());
    }
}
