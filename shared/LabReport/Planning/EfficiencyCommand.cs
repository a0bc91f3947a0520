using System.Globalization;
using System.Text.Json;
using LabStatistics;
using MeasurementLab;

namespace LabReport.Planning;

/// <summary>
/// <c>efficiency &lt;run-folder&gt; --wall SECONDS</c>: where a run's time went. The share of its wall time spent in
/// BenchmarkDotNet's measured iterations (Workload/Actual, summed over every full JSON report of the run) and inside
/// BenchmarkDotNet's engine at all (every stage: jitting, pilot, warmup, overhead, workload), and the claims it decided
/// per minute (verdicts.json). scripts/run-all.sh appends it to timings.md.
/// </summary>
public static class EfficiencyCommand
{
    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport efficiency <run-folder> --wall SECONDS

        Prints where the run's time went: BenchmarkDotNet's measured iterations (Workload/Actual) and its engine's whole
        time (every stage) as shares of the run's wall time, from every full JSON report of the run, and the claims it
        decided per minute, from its verdicts.json.
          --wall SECONDS   the run's wall time (scripts/run-all.sh's total)
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        var options = new OptionReader(args);
        long wall = options.Integer("--wall", 0, 1, 10_000_000);
        options.EnsureAllConsumed(maxPositionals: 1);
        string folder = options.Positionals.FirstOrDefault() ?? throw new UsageException("efficiency needs a run folder, e.g. results/<machine>/<run>");
        if (wall <= 0)
        {
            throw new UsageException("efficiency needs --wall SECONDS, the run's wall time");
        }

        var run = RunFolder.Open(folder);
        var (workload, engine) = Measured(run.Path);
        output.WriteLine($"Measured iterations (BenchmarkDotNet's Workload/Actual): {Duration(workload)} of the run's {Duration(wall)} " +
            $"({Format.Percent(workload / wall)}); inside BenchmarkDotNet's engine, every stage: {Duration(engine)} ({Format.Percent(engine / wall)}).");
        if (Decided(run.Path) is var (decided, judged, borderline))
        {
            output.WriteLine($"Claims decided: {decided} of {judged} judged ({borderline} borderline) in {Duration(wall)}: " +
                $"{(decided / (wall / 60.0)).ToString("0.00", CultureInfo.InvariantCulture)} per minute.");
        }

        return 0;
    }

    /// <summary>Seconds of Workload/Actual iterations and of every engine stage, over every full JSON report under <paramref name="runPath"/>.</summary>
    public static (double Workload, double Engine) Measured(string runPath)
    {
        double workload = 0, engine = 0;
        foreach (string json in Directory.EnumerateFiles(runPath, "*-report-full*.json", SearchOption.AllDirectories)
            .Concat(Directory.EnumerateFiles(runPath, "*-report-full*.json" + RunFiles.RunArchive.GzSuffix, SearchOption.AllDirectories)))
        {
            try
            {
                foreach (var entry in BdnReportReader.Load(json).Benchmarks)
                {
                    workload += entry.WorkloadNs / 1e9;
                    engine += entry.EngineNs / 1e9;
                }
            }
            catch (Exception e) when (e is ReportFormatException or IOException or UnauthorizedAccessException)
            {
                // A report that cannot be read adds nothing; the figures cover the rest.
            }
        }

        return (workload, engine);
    }

    // Decided (a judged verdict other than borderline), judged and borderline counts of verdicts.json; null without it.
    private static (int Decided, int Judged, int Borderline)? Decided(string runPath)
    {
        string path = Path.Combine(runPath, VerdictsFile.FileName);
        if (!File.Exists(path))
        {
            return null;
        }

        using var doc = JsonDocument.Parse(File.ReadAllText(path));
        var verdicts = doc.RootElement.GetProperty("claims").EnumerateArray()
            .Select(c => Verdicts.Parse(c.GetProperty("verdict").GetString() ?? ""))
            .Where(v => v is not null && v.Value.IsJudged())
            .Select(v => v!.Value)
            .ToList();
        int borderline = verdicts.Count(v => v == Verdict.Borderline);
        return (verdicts.Count - borderline, verdicts.Count, borderline);
    }

    private static string Duration(double seconds) =>
        TimeSpan.FromSeconds(Math.Round(seconds)).ToString(seconds >= 3600 ? @"h\:mm\:ss" : @"m\:ss", CultureInfo.InvariantCulture);
}
