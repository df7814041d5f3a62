"""Reading the list of competitors from a CSV file or an Excel sheet, with every refused row reported.

The file has a header row naming at least the columns ``name``, ``medical center`` and ``age group``
(any case; "centre", "VAMC", "age" are understood too), and optionally ``visually impaired`` (yes/no)
and ``seed`` (1 for the top seed). CSV files may use commas or semicolons and be UTF-8 (with or
without a byte-order mark) or Windows-1252, as Excel writes them. Excel workbooks are read with
openpyxl (first sheet, values not formulas).

The delimiter (comma, semicolon or tab) and quoting are guessed by :class:`csv.Sniffer`.

A row is refused, with its line number and why, when its name is missing, its medical center is
blank (a competitor without one is written "no center"), its name or medical center holds a hidden
character (a control character, so any ANSI escape sequence, or a bidirectional override or
isolate, U+202A-U+202E and U+2066-U+2069), its age group is not one of the VA rulebook's (Event 4,
"Age Groups"), its seed is not a positive number, or it repeats a competitor (same name and medical
center) already in the file or already registered. Hidden characters are refused rather than
removed: the name on the list would no longer be the name the organiser sees and the score sheet
carries, and what remains of an escape sequence ("[31m") is not a name either; the line number
lets the organiser retype it at the source. Blank rows are
skipped silently. Files over :data:`MAX_FILE_BYTES` or :data:`MAX_ROWS` rows are refused whole, so a
wrong or hostile file costs bounded time and memory.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional, Sequence

from .errors import ImportFileError, RegistrationError
from .model import CompetitorInput, normal_name

__all__ = [
    "MAX_FILE_BYTES", "MAX_ROWS", "RefusedRow", "ImportReport", "read_competitors",
    "read_competitors_csv_text", "read_competitors_rows", "competitor_key", "csv_cell",
    "FORMULA_STARTS",
]

MAX_FILE_BYTES = 5 * 1024 * 1024
"""The largest registration file read (bytes); a national event has a few hundred competitors."""
MAX_ROWS = 5000
"""The most data rows read from one file."""

_COLUMNS = {
    "name": ("name", "full name", "competitor", "player", "competitor name", "player name"),
    "medical_center": ("medical center", "medical centre", "center", "centre", "vamc",
                       "va medical center", "medicalcenter", "medical ctr"),
    "age_group": ("age group", "agegroup", "age", "group", "age category", "age division"),
    "visually_impaired": ("visually impaired", "vi", "visually impaired vi", "visual impairment",
                          "low vision", "blind", "vision impaired"),
    "seed": ("seed", "seeding", "seed number"),
}
_REQUIRED = ("name", "medical_center", "age_group")
_HEADER_WORDS = {"name": "name", "medical_center": "medical center", "age_group": "age group"}
_YES = {"yes", "y", "true", "1", "x", "vi", "v", "ja", "oui", "si"}
_NO = {"", "no", "n", "false", "0", "-", "standard", "sighted"}


@dataclass(frozen=True)
class RefusedRow:
    """A row that was not imported: ``line`` is its line in the CSV file (the header is line 1) or
    its row in the sheet; ``reason`` says why ("missing name", "unknown age group '90-94' ...",
    "duplicate of line 4: Ann Lee, Tampa VAMC")."""

    line: int
    reason: str
    text: str = ""

    def message(self, where: str = "line") -> str:
        return f"{where} {self.line}: {self.reason}"


@dataclass
class ImportReport:
    """What a file gave: the competitors accepted (in file order, with their lines) and every row
    refused. ``where`` is "line" for CSV and "row" for a sheet, for messages."""

    accepted: list[tuple[int, CompetitorInput]] = field(default_factory=list)
    refused: list[RefusedRow] = field(default_factory=list)
    where: str = "line"

    @property
    def competitors(self) -> list[CompetitorInput]:
        return [c for _, c in self.accepted]

    def messages(self) -> list[str]:
        """One sentence per refused row: "line 7: missing name"."""
        return [r.message(self.where) for r in self.refused]


def competitor_key(name: str, medical_center: str) -> tuple[str, str]:
    """What makes two registrations the same competitor: the folded name and medical center."""
    return normal_name(name), normal_name(medical_center)


def _header_field(text: object) -> Optional[str]:
    s = re.sub(r"[\s_\-./()]+", " ", str(text or "")).strip().lower()
    for key, names in _COLUMNS.items():
        if s in names:
            return key
    return None


def _yes_no(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        if value in (0, 1):
            return bool(value)
        raise RegistrationError(f"visually impaired {value!r}: give yes or no")
    s = str(value or "").strip().lower()
    if s in _YES:
        return True
    if s in _NO:
        return False
    raise RegistrationError(f"visually impaired {str(value)[:20]!r}: give yes or no")


def _seed(value: object) -> Optional[int]:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,4}\s*", value):
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise RegistrationError(f"seed {str(value)[:20]!r}: give 1 for the top seed, 2 for the next, ...")


def read_competitors_rows(rows: Iterable[tuple[int, Sequence[object]]], *, where: str = "line",
                          registered: Iterable[tuple[str, str]] = ()) -> ImportReport:
    """Competitors from ``rows``: pairs of (line number, cells), the first non-blank one being the
    header. ``registered``: (name, medical center) of competitors already in the tournament, so
    that importing a file twice refuses every row as a duplicate.

    Raises :class:`ImportFileError` when there is no header row or it lacks a required column
    (name, medical center, age group), naming the columns it found."""
    report = ImportReport(where=where)
    seen: dict[tuple[str, str], tuple[int, str]] = {
        competitor_key(n, c): (0, f"{n}, {c}" if c else n) for n, c in registered}
    columns: Optional[dict[str, int]] = None
    count = 0
    for line, cells in rows:
        cells = list(cells)
        if all(c is None or (isinstance(c, str) and not c.strip()) for c in cells):
            continue
        if columns is None:
            columns = {}
            for i, cell in enumerate(cells):
                column = _header_field(cell)
                if column is not None and column not in columns:
                    columns[column] = i
            missing = [_HEADER_WORDS[k] for k in _REQUIRED if k not in columns]
            if missing:
                found = ", ".join(repr(str(c)[:30]) for c in cells if c not in (None, "")) or "none"
                raise ImportFileError(
                    f"the header row ({where} {line}) has no column for "
                    f"{' or '.join(missing)}; columns found: {found}")
            continue
        count += 1
        if count > MAX_ROWS:
            raise ImportFileError(f"more than {MAX_ROWS} rows: is this the list of competitors?")

        def cell(key: str) -> object:
            i = columns.get(key)
            return cells[i] if i is not None and i < len(cells) else None

        text = ", ".join(str(c) for c in cells if c not in (None, ""))[:120]
        try:
            name = cell("name")
            entry = CompetitorInput(
                name="" if name is None else str(name),
                medical_center="" if cell("medical_center") is None else str(cell("medical_center")),
                age_group=cell("age_group"),  # type: ignore[arg-type]
                visually_impaired=_yes_no(cell("visually_impaired")),
                seed=_seed(cell("seed")),
            )
            if not str(entry.name or "").strip():
                raise RegistrationError("missing name")
            entry = entry.validated()
        except RegistrationError as exc:
            report.refused.append(RefusedRow(line, str(exc), text))
            continue
        key = competitor_key(entry.name, entry.medical_center)
        if key in seen:
            first, label = seen[key]
            whose = f"{where} {first}" if first else "a competitor already registered"
            report.refused.append(RefusedRow(line, f"duplicate of {whose}: {label}", text))
            continue
        seen[key] = (line, f"{entry.name}, {entry.medical_center}" if entry.medical_center
                     else entry.name)
        report.accepted.append((line, entry))
    if columns is None:
        raise ImportFileError("the file is empty: it needs a header row (name, medical center, "
                              "age group) and one row per competitor")
    return report


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")."""


def csv_cell(value: object) -> object:
    """``value`` made safe for a CSV cell that a spreadsheet will open: text starting with one of
    :data:`FORMULA_STARTS` gets a single quote in front (OWASP's rule), so "=HYPERLINK(...)"
    is shown as text, never run. Numbers and other values are returned unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


_DELIMITERS = ",;\t"
"""The delimiters a registration list may use: commas, semicolons (Excel where the decimal mark is
a comma), tabs."""
_SNIFF_BYTES = 64 * 1024
"""How much of the file the delimiter is guessed from."""


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    """The CSV dialect of ``text``, guessed by :class:`csv.Sniffer` among :data:`_DELIMITERS`
    from its first lines (Excel's when it cannot tell, e.g. a single column)."""
    lines = [ln for ln in text[:_SNIFF_BYTES].splitlines() if ln.strip()][:50]
    try:
        return csv.Sniffer().sniff("\n".join(lines), delimiters=_DELIMITERS)
    except csv.Error:
        return csv.excel


def _csv_rows(text: str) -> Iterator[tuple[int, list[str]]]:
    dialect = _dialect(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=dialect.delimiter,
                        quotechar=dialect.quotechar or '"', doublequote=True,
                        skipinitialspace=bool(dialect.skipinitialspace))
    start = 1
    try:
        for row in reader:
            yield start, row
            start = reader.line_num + 1
    except csv.Error as exc:
        raise ImportFileError(f"line {reader.line_num}: the CSV cannot be read ({exc})") from None


def read_competitors_csv_text(text: str, *, registered: Iterable[tuple[str, str]] = ()
                              ) -> ImportReport:
    """Competitors from CSV text (see the module docstring). Raises :class:`ImportFileError`."""
    if "\x00" in text:
        raise ImportFileError("this is not a text file (it has NUL characters): save the list as "
                              "CSV or as an Excel workbook")
    return read_competitors_rows(_csv_rows(text), where="line", registered=registered)


def _sheet_rows(path: Path) -> Iterator[tuple[int, Sequence[object]]]:
    try:
        import openpyxl
        from openpyxl.utils.exceptions import InvalidFileException
    except ImportError as exc:  # pragma: no cover - openpyxl is a dependency
        raise ImportFileError(f"Excel files need openpyxl: {exc}") from None
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, OSError, KeyError, ValueError) as exc:
        raise ImportFileError(f"{path.name} is not an Excel workbook that can be read ({exc})"
                              ) from None
    except Exception as exc:  # zipfile.BadZipFile and openpyxl's parser errors
        raise ImportFileError(f"{path.name} is not an Excel workbook that can be read "
                              f"({type(exc).__name__}: {exc})") from None
    try:
        sheet = book.worksheets[0]
        for number, row in enumerate(sheet.iter_rows(values_only=True), 1):
            yield number, row
            if number > MAX_ROWS + 50:
                raise ImportFileError(f"more than {MAX_ROWS} rows: is this the list of competitors?")
    finally:
        book.close()


def read_competitors(path: str | Path, *, registered: Iterable[tuple[str, str]] = ()
                     ) -> ImportReport:
    """Competitors from a ``.csv`` (or ``.txt``) file or an Excel ``.xlsx``/``.xlsm`` workbook.

    Raises :class:`ImportFileError` for a file that is missing, unreadable, larger than
    :data:`MAX_FILE_BYTES`, of another kind, or without the required header columns."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ImportFileError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if not path.is_file():
        raise ImportFileError(f"{str(path)!r} is not a file")
    if size > MAX_FILE_BYTES:
        raise ImportFileError(f"{path.name} is {size // 1024} KiB; the largest list read is "
                              f"{MAX_FILE_BYTES // 1024} KiB")
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return read_competitors_rows(_sheet_rows(path), where="row", registered=registered)
    if suffix == ".xls":
        raise ImportFileError(f"{path.name} is an old Excel 97-2003 file: save it as .xlsx or CSV")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFileError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if data[:4] == b"PK\x03\x04":
        return read_competitors_rows(_sheet_rows(path), where="row", registered=registered)
    return read_competitors_csv_text(_decode(data), registered=registered)
