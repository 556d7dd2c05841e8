"""The attribution sentences Wizards of the Coast asks for, exactly as given (``/work/shared/srd-data/
SOURCES.md``; quoted in ``assets/LICENSES.md``; each bundled SRD file's ``attribution`` starts with its
sentence). The About box shows them word for word: they are never translated or reworded."""

from __future__ import annotations

SRD_51 = (
    'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards of the '
    "Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1 is "
    "licensed under the Creative Commons Attribution 4.0 International License available at "
    "https://creativecommons.org/licenses/by/4.0/legalcode."
)
SRD_52 = (
    "This work includes material from the System Reference Document 5.2 (“SRD 5.2”) by Wizards of the Coast "
    "LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under the Creative Commons "
    "Attribution 4.0 International License, available at https://creativecommons.org/licenses/by/4.0/legalcode."
)
#: Both, in the order the About box shows them.
SRD_ATTRIBUTIONS: tuple[str, ...] = (SRD_51, SRD_52)
