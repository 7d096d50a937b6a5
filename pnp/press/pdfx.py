"""A CMYK PDF made a PDF/X file: its version declared, its printing condition (the output
intent, with the press profile embedded), its title, dates and trapping state, as ISO 15930
asks and print shops' checkers read them.

- PDF/X-1a:2003 (ISO 15930-4): PDF 1.4 (no object streams), CMYK and grey only, no transparency; declared in
  the document information dictionary (GTS_PDFXVersion).
- PDF/X-4 (ISO 15930-7): PDF 1.6, declared in the XMP metadata (pdfxid:GTS_PDFXVersion), with
  the document's identifiers. pnp's X-4 files hold CMYK only and no transparency, like its X-1a.

The dates are fixed, so that the same inputs give the same bytes: SOURCE_DATE_EPOCH when set (the
reproducible-builds convention), else 2000-01-01.
"""

import hashlib
import io
import os
from datetime import datetime, timezone

import pikepdf

from pnp.errors import UsageError, readable
from pnp.press.profiles import PressProfile
from pnp.render.pdfio import save_deterministic

VERSIONS = {"1a": "PDF/X-1a:2003", "4": "PDF/X-4"}
PDF_VERSIONS = {"1a": "1.4", "4": "1.6"}
FIXED_DATE = datetime(2000, 1, 1, tzinfo=timezone.utc)
LAST_EPOCH = 253402300799            # 9999-12-31 23:59:59


def document_date() -> datetime:
    """SOURCE_DATE_EPOCH when set (whole seconds since 1970, up to the year 9999), else FIXED_DATE."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return FIXED_DATE
    if not (epoch.isascii() and epoch.isdigit() and len(epoch) <= len(str(LAST_EPOCH))
            and int(epoch) <= LAST_EPOCH):
        raise UsageError(f"SOURCE_DATE_EPOCH={readable(epoch, 40)}: expected whole seconds since 1970-01-01 "
                         f"from 0 to {LAST_EPOCH} (the year 9999), the date the files say they were made; "
                         f"unset it for the fixed date {FIXED_DATE:%Y-%m-%d}")
    return datetime.fromtimestamp(int(epoch), tz=timezone.utc)


def _pdf_date(moment: datetime) -> str:
    return moment.strftime("D:%Y%m%d%H%M%SZ")


def output_intent(pdf: pikepdf.Pdf, profile: PressProfile) -> pikepdf.Dictionary:
    icc = pdf.make_stream(profile.data)
    icc.N = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(profile.condition),
        OutputCondition=pikepdf.String(profile.description),
        Info=pikepdf.String(profile.description),
        DestOutputProfile=icc)
    if profile.registry:
        intent.RegistryName = pikepdf.String(profile.registry)
    return pdf.make_indirect(intent)


def mark_pdfx(pdf: pikepdf.Pdf, profile: PressProfile, version: str, title: str) -> bytes:
    """The document as a PDF/X file of `version` ("1a" or "4"), saved deterministically."""
    moment = _pdf_date(document_date())
    pdf.Root.OutputIntents = pikepdf.Array([output_intent(pdf, profile)])
    for key in ("/Metadata", "/PieceInfo", "/AcroForm"):
        if key in pdf.Root:
            del pdf.Root[key]
    body = save_deterministic(pdf)              # drops Ghostscript's /ID and dates
    marked = pikepdf.open(io.BytesIO(body))
    info = pikepdf.Dictionary(
        Title=pikepdf.String(title), Producer=pikepdf.String("pnp"), Creator=pikepdf.String("pnp"),
        CreationDate=pikepdf.String(moment), ModDate=pikepdf.String(moment), Trapped=pikepdf.Name("/False"),
        GTS_PDFXVersion=pikepdf.String(VERSIONS[version]))
    marked.docinfo = marked.make_indirect(info)
    _xmp(marked, version, title, hashlib.sha256(body).hexdigest())
    out = io.BytesIO()
    marked.save(out, deterministic_id=True, compress_streams=True, min_version=PDF_VERSIONS[version],
                force_version=PDF_VERSIONS[version], object_stream_mode=_object_streams(version))
    return out.getvalue()


def _object_streams(version: str):
    """PDF 1.4 has no object streams (they came with 1.5)."""
    return pikepdf.ObjectStreamMode.disable if version == "1a" else pikepdf.ObjectStreamMode.generate


def _xmp(pdf: pikepdf.Pdf, version: str, title: str, digest: str) -> None:
    """The XMP packet: the PDF/X version (where X-4 declares it), title, dates, identifiers."""
    moment = document_date().strftime("%Y-%m-%dT%H:%M:%SZ")
    uuid = f"uuid:{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = title
        meta["pdf:Producer"] = "pnp"
        meta["pdf:Trapped"] = "False"
        meta["xmp:CreatorTool"] = "pnp"
        meta["xmp:CreateDate"] = moment
        meta["xmp:ModifyDate"] = moment
        meta["xmp:MetadataDate"] = moment
        meta["xmpMM:DocumentID"] = uuid
        meta["xmpMM:InstanceID"] = uuid
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        meta["pdfxid:GTS_PDFXVersion"] = VERSIONS[version]
        if version == "1a":
            meta["pdfx:GTS_PDFXVersion"] = VERSIONS[version]
