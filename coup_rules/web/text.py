"""One line of text a person typed, as the table shows it: a name (seating.py) or a chat line
(chat.py).

- **Normalized.** Unicode NFC, so that a letter typed as a base and an accent and the same
  letter typed precomposed are one and the same text (and count as one character).
- **One line.** Every kind of space and line break counts as one space; the ends are trimmed.
  Other control characters (a stray NUL or escape from a paste) are dropped.
- **Nothing that disguises it.** Formatting characters (bidirectional overrides, invisible
  joiners) are refused: they could make a line read as another, or a name as another's.
- **Accents, not towers.** At most ``MAX_MARKS`` combining marks on one character: written
  languages stack a few at most (after NFC, a Vietnamese letter carries one or none; Hebrew
  with its points and cantillation, up to four), while a line made mostly of stacked accents
  draws over the lines above and below it.

Pages show every line as text, never as HTML, so no character needs escaping here.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_MARKS", "TextError", "most_marks", "one_line"]

MAX_MARKS = 4
"""The most combining marks (Unicode categories Mn and Me) a single character may carry."""


class TextError(ValueError):
    """The text cannot be shown; the message says why, to the person who typed it."""


def _is_stacking_mark(c: str) -> bool:
    """A mark drawn over or under the character before it (not a spacing vowel sign, Mc)."""
    return unicodedata.category(c) in ("Mn", "Me")


def most_marks(text: str) -> int:
    """The most combining marks that one character of ``text`` carries (marks with no
    character before them count as carried by one)."""
    most = run = 0
    for c in text:
        run = run + 1 if _is_stacking_mark(c) else 0
        most = max(most, run)
    return most


def one_line(text: str, longest: int) -> str:
    """``text`` as shown (see the module): NFC, one trimmed line, control characters dropped.

    Raises:
        TextError: it is empty then, longer than ``longest`` characters, holds a formatting
            character, or stacks more than ``MAX_MARKS`` marks on one character.
    """
    kept = "".join(c for c in text if c.isspace() or unicodedata.category(c) != "Cc")
    line = " ".join(unicodedata.normalize("NFC", kept).split())
    if not line:
        raise TextError("it is empty")
    if len(line) > longest:
        raise TextError(f"at most {longest} characters, not {len(line)}")
    if any(unicodedata.category(c)[0] == "C" for c in line):
        raise TextError("use letters, digits, spaces and punctuation only")
    if most_marks(line) > MAX_MARKS:
        raise TextError(
            f"at most {MAX_MARKS} accents on one letter: stacked marks draw over the page"
        )
    return line
