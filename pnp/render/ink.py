"""How much ink a PDF takes: the mean darkness of its pages, rasterised (pypdfium2).

Darkness is 1 - grey level, averaged over every pixel of every page: 0 for blank paper, 1
for solid black. A coarse rendering is enough for a mean (COVERAGE_DPI), and cheap: about
2 ms a page.
"""

from pathlib import Path

COVERAGE_DPI = 15


def ink_coverage(pdf: Path | bytes) -> float:
    import pypdfium2 as pdfium
    from PIL import ImageStat

    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        total, pixels = 0.0, 0
        for page in document:
            grey = page.render(scale=COVERAGE_DPI / 72, grayscale=True).to_pil().convert("L")
            count = grey.width * grey.height
            total += (255 - ImageStat.Stat(grey).mean[0]) / 255 * count
            pixels += count
        return total / pixels if pixels else 0.0
    finally:
        document.close()
