namespace LabReport.Sections;

/// <summary>A chart of the report: the SVG file (next to report.md), what it shows, and whether it sits beside the chart before it.</summary>
public sealed record ChartRef(string FileName, string Caption, bool BesidePrevious = false);

/// <summary>One post's part of the report.</summary>
public sealed record PostReport(
    string Post,
    string Title,
    bool Present,
    IReadOnlyList<ClaimRow> Rows,
    IReadOnlyList<ChartRef> Charts,
    IReadOnlyList<string> Files,
    IReadOnlyList<string> Problems);
