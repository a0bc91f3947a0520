using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;

namespace StatisticsThatMatter;

/// <summary>
/// BenchmarkDotNet's full JSON report (every measurement, as <c>JsonExporter.Full</c> writes it) plus three fields per
/// benchmark that BenchmarkDotNet knows but does not write: <c>Baseline</c>, <c>Categories</c> and <c>LogicalGroup</c>.
/// The check command pairs benchmarks with them; without them (a plain full JSON) it needs <c>--baseline</c>/<c>--pair</c>.
/// Written as <c>&lt;title&gt;-report-full-annotated.json</c> so it never collides with <c>--exporters fulljson</c>.
/// </summary>
public sealed class AnnotatedJsonExporter() : JsonExporterBase(indentJson: true, excludeMeasurements: false)
{
    /// <summary>The file name suffix before <c>.json</c>.</summary>
    public const string Suffix = "-full-annotated";

    // BenchmarkDotNet asks for each report's fields without the summary; the summary is kept for the duration of one export.
    private Summary? _exporting;

    /// <inheritdoc />
    protected override string FileNameSuffix => Suffix;

    /// <inheritdoc />
    public override void ExportToLog(Summary summary, ILogger logger)
    {
        _exporting = summary;
        try
        {
            base.ExportToLog(summary, logger);
        }
        finally
        {
            _exporting = null;
        }
    }

    /// <inheritdoc />
    protected override IReadOnlyDictionary<string, object> GetDataToSerialize(BenchmarkReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var data = new Dictionary<string, object>(base.GetDataToSerialize(report));
        if (_exporting is { } summary)
        {
            var benchmark = report.BenchmarkCase;
            data["Baseline"] = summary.IsBaseline(benchmark);
            data["Categories"] = benchmark.Descriptor.Categories;
            data["LogicalGroup"] = summary.GetLogicalGroupKey(benchmark) ?? "";
        }

        return data;
    }
}
