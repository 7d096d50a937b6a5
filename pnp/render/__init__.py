"""Rendering: card pages with WeasyPrint, sheets with pikepdf, marks with ReportLab."""
