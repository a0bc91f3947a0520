using System.Globalization;
using LabReport.Charts;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>Post 5: random vs sequential access by size, and the cache cliff predicted before the run.</summary>
public sealed class HardwareCountersSection : PostSection
{
    internal static readonly (string Id, string N)[] Sizes = [("ratio-1M", "1000000"), ("ratio-8M", "8000000"), ("ratio-64M", "64000000")];

    // SumRandom touches a long[] and an int[] of N elements: 12 bytes per element.
    internal const double RandomBytesPerElement = 12;

    /// <inheritdoc />
    public override string Post => "hardware-counters";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        foreach (var (id, n) in Sizes)
        {
            yield return RatioClaim(context, id, set.Find("AccessPatterns", "SumRandom", ("N", n)), set.Find("AccessPatterns", "SumSequential", ("N", n)),
                $"AccessPatterns SumRandom and SumSequential at N = {n}");
        }

        bool measured = set.Results.Any(r => r.Class == "AccessPatterns") && set.Results.Where(r => r.Class == "AccessPatterns").All(r => r.HasInterval);
        yield return measured
            ? Cliff(context)
            : Judge.Row(context.Published.Claim("cliff"), "—", Verdict.NotMeasurableHere, "AccessPatterns has no intervals (or no results): a jump cannot be told from noise");
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => HardwareCountersCharts.Draw(context);

    // The program checks its own prediction after the run (…-prediction.md): "Agrees: …", "Disagrees: …" or "No prediction: …".
    private static ClaimRow Cliff(SectionContext context)
    {
        var claim = context.Published.Claim("cliff");
        string? path = Directory.Exists(context.PostFolder)
            ? Directory.GetFiles(context.PostFolder, "*-prediction.md").Order(StringComparer.Ordinal).FirstOrDefault()
            : null;
        if (path is null)
        {
            return Judge.Missing(claim, "no *-prediction.md (the prediction check) in the run");
        }

        context.Read(path);
        string? line = File.ReadLines(path).FirstOrDefault(l => l.StartsWith("Agrees", StringComparison.Ordinal)
            || l.StartsWith("Disagrees", StringComparison.Ordinal) || l.StartsWith("No prediction", StringComparison.Ordinal));
        return line switch
        {
            null => Judge.Missing(claim, "the prediction file has no Agrees/Disagrees/No prediction line"),
            _ when line.StartsWith("Agrees", StringComparison.Ordinal) => Judge.Row(claim, line, Verdict.Reproduced, "the program's own check after the run"),
            _ when line.StartsWith("Disagrees", StringComparison.Ordinal) => Judge.Row(claim, line, Verdict.NotReproduced, "the program's own check after the run"),
            _ => Judge.Row(claim, line, Verdict.NotMeasurableHere, "no cache sizes, no prediction"),
        };
    }
}
