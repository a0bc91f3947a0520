using System.Globalization;
using System.Text;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using MeasurementLab.Caches;
using MeasurementLab;

namespace HardwareCounters.Prediction;

/// <summary>
/// After the run: repeats the prediction, puts the measured ratios beside it and says whether they agree,
/// on the console and in <c>results/HardwareCounters.AccessPatterns-prediction.md</c> next to BenchmarkDotNet's tables.
/// </summary>
public sealed class PredictionExporter(Func<CacheTopology>? caches = null) : IExporter
{
    /// <inheritdoc />
    public string Name => "prediction";

    /// <inheritdoc />
    public void ExportToLog(Summary summary, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(logger);
        foreach (string line in Render(summary).Split('\n'))
        {
            logger.WriteLine(line.TrimEnd('\r'));
        }
    }

    /// <inheritdoc />
    public IEnumerable<string> ExportToFiles(Summary summary, ILogger consoleLogger)
    {
        ArgumentNullException.ThrowIfNull(summary);
        ArgumentNullException.ThrowIfNull(consoleLogger);
        string text = Render(summary);
        consoleLogger.WriteLine();
        consoleLogger.WriteLineHeader("// * Prediction check (caches vs measured ratios) *");
        ExportToLog(summary, consoleLogger);
        Directory.CreateDirectory(summary.ResultsDirectoryPath);
        // Named like BenchmarkDotNet's own reports (type name, no timestamp), so scripts find it next to the -report-github.md.
        string type = summary.BenchmarksCases.FirstOrDefault()?.Descriptor.Type.FullName ?? summary.Title;
        string path = Path.Combine(summary.ResultsDirectoryPath, $"{type}-prediction.md");
        File.WriteAllText(path, text);
        return [path];
    }

    /// <summary>The markdown: prediction, measured ratios, verdict.</summary>
    public string Render(Summary summary)
    {
        var observations = Observe(summary);
        var sizes = observations.Count > 0 ? observations.Select(o => o.N) : AccessPatterns.Sizes;
        var prediction = CachePredictor.Predict((caches ?? (() => CacheSources.ForThisRun().Best))(), sizes);
        var check = CachePredictor.Check(prediction, observations);
        var text = new StringBuilder();
        text.AppendLine("# AccessPatterns: prediction vs measurement");
        text.AppendLine();
        text.AppendLine("## Predicted before the run (from the caches)");
        text.AppendLine();
        text.Append(CachePredictor.Describe(prediction));
        text.AppendLine();
        text.AppendLine("## Measured");
        text.AppendLine();
        text.Append(CachePredictor.DescribeCheck(prediction, observations, check));
        return text.ToString();
    }

    /// <summary>
    /// Means and intervals of both methods per N: BenchmarkDotNet's mean and 99.9% interval for one run; for a run in
    /// interleaved rounds (jobs "&lt;job&gt;-R&lt;n&gt;"), the median of the rounds' means and the rounds' 95% interval.
    /// </summary>
    public static IReadOnlyList<RatioObservation> Observe(Summary summary)
    {
        ArgumentNullException.ThrowIfNull(summary);
        var means = new Dictionary<(string Method, int N), MeanWithInterval>();
        var measured = summary.Reports
            .Where(r => r.Success && r.ResultStatistics is { N: > 0 } && r.BenchmarkCase.Parameters[nameof(AccessPatterns.N)] is int)
            .GroupBy(r => (Method: r.BenchmarkCase.Descriptor.WorkloadMethod.Name, N: (int)r.BenchmarkCase.Parameters[nameof(AccessPatterns.N)]));
        foreach (var group in measured)
        {
            var rounds = group.Where(r => LabRounds.RoundName.TryParse(r.BenchmarkCase.Job.Id, out _, out _)).ToList();
            if (rounds.Count > 1)
            {
                var estimate = LabRounds.RoundsEstimate.FromRatios([.. rounds.Select(r => r.ResultStatistics!.Mean)]);
                means[group.Key] = new MeanWithInterval(estimate.Median, estimate.Lower, estimate.Upper);
                continue;
            }

            var stats = group.First().ResultStatistics!;
            var ci = stats.ConfidenceInterval;
            means[group.Key] = stats.N >= 2 ? new MeanWithInterval(stats.Mean, ci.Lower, ci.Upper) : new MeanWithInterval(stats.Mean, double.NaN, double.NaN);
        }

        return means.Keys.Select(k => k.N).Distinct().Order()
            .Where(n => means.ContainsKey((nameof(AccessPatterns.SumSequential), n)) && means.ContainsKey((nameof(AccessPatterns.SumRandom), n)))
            .Select(n => new RatioObservation(n, means[(nameof(AccessPatterns.SumSequential), n)], means[(nameof(AccessPatterns.SumRandom), n)]))
            .ToList();
    }

    /// <inheritdoc />
    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Name} exporter");
}
