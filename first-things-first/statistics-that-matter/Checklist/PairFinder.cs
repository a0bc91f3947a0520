using LabStatistics;

namespace StatisticsThatMatter.Checklist;

/// <summary>
/// Finds the baseline/candidate pairs of a report the way BenchmarkDotNet's Ratio column does: within each logical
/// group (category, parameters, job) the one baseline is compared with every other benchmark.
/// BenchmarkDotNet's own JSON does not record the baseline marker or the categories (checked on 0.15.8), so the
/// lab's annotated JSON adds them; for any other report, name the baselines or pairs explicitly.
/// </summary>
public static class PairFinder
{
    /// <summary>The pairs of one report, plus notes on groups that produced none; throws when the report yields no pair.</summary>
    public static (IReadOnlyList<BenchmarkPair> Pairs, IReadOnlyList<string> Notes) Find(BdnReport report, PairingOptions options)
    {
        ArgumentNullException.ThrowIfNull(report);
        ArgumentNullException.ThrowIfNull(options);
        return options.IsExplicit ? FindExplicit(report, options) : FindByMarkers(report);
    }

    private static (IReadOnlyList<BenchmarkPair>, IReadOnlyList<string>) FindByMarkers(BdnReport report)
    {
        if (!report.HasBaselineMarkers)
        {
            throw new ReportFormatException(report.Path,
                "no baseline: BenchmarkDotNet's JSON does not record [Benchmark(Baseline = true)], and this report has no " +
                "\"Baseline\" fields (the lab's *-report-full-annotated.json has them). Name the reference with " +
                "--baseline METHOD or --pair BASELINE:CANDIDATE.");
        }

        if (!report.Benchmarks.Any(b => b.IsBaseline == true))
        {
            throw new ReportFormatException(report.Path,
                "no baseline: no benchmark is marked Baseline = true, so there is nothing to compare against. " +
                "Mark one with [Benchmark(Baseline = true)] or name it with --baseline METHOD.");
        }

        var pairs = new List<BenchmarkPair>();
        var notes = new List<string>();
        foreach (var group in report.Benchmarks.GroupBy(b => b.LogicalGroup ?? PlainGroupKey(b)))
        {
            var baselines = group.Where(b => b.IsBaseline == true).ToList();
            var others = group.Where(b => b.IsBaseline != true).ToList();
            if (baselines.Count == 0)
            {
                notes.Add($"group '{group.Key}' has no baseline; its {string.Join(", ", others.Select(o => o.Method))} not compared.");
                continue;
            }

            if (baselines.Count > 1)
            {
                notes.Add($"group '{group.Key}' has {baselines.Count} baselines ({string.Join(", ", baselines.Select(b => b.Method))}); " +
                          "BenchmarkDotNet allows one per group, so it is skipped.");
                continue;
            }

            var baseline = baselines[0];
            pairs.AddRange(others.Select(candidate => new BenchmarkPair(report, baseline, candidate, baseline.Categories)));
        }

        return (pairs, notes);
    }

    private static (IReadOnlyList<BenchmarkPair>, IReadOnlyList<string>) FindExplicit(BdnReport report, PairingOptions options)
    {
        var pairs = new List<BenchmarkPair>();
        var notes = new List<string>();
        foreach (var group in report.Benchmarks.GroupBy(PlainGroupKey))
        {
            var byMethod = group.GroupBy(b => b.Method).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
            var named = options.Baselines.Where(byMethod.ContainsKey).ToList();
            if (named.Count > 1)
            {
                throw new ReportFormatException(report.Path,
                    $"--baseline names {string.Join(" and ", named)}, which share the group '{group.Key}'; without categories in the JSON " +
                    "it is ambiguous which one each other method is compared with. Use --pair BASELINE:CANDIDATE instead.");
            }

            if (named.Count == 1)
            {
                var baseline = byMethod[named[0]];
                pairs.AddRange(group.Where(b => b.Method != baseline.Method)
                    .Select(candidate => new BenchmarkPair(report, baseline, candidate, baseline.Categories)));
            }

            foreach (var (baselineName, candidateName) in options.Pairs)
            {
                if (byMethod.TryGetValue(baselineName, out var baseline) && byMethod.TryGetValue(candidateName, out var candidate)
                    && !pairs.Any(p => p.Baseline == baseline && p.Candidate == candidate))
                {
                    pairs.Add(new BenchmarkPair(report, baseline, candidate, baseline.Categories));
                }
            }
        }

        if (pairs.Count == 0)
        {
            var methods = report.Benchmarks.Select(b => b.Method).Distinct(StringComparer.Ordinal);
            throw new ReportFormatException(report.Path,
                $"none of the methods named by --baseline/--pair occurs in it (its methods: {string.Join(", ", methods)}; " +
                "a pair must share class, job and parameters).");
        }

        return (pairs, notes);
    }

    // Without BDN's logical group: benchmarks are comparable when class, job and parameters agree.
    private static string PlainGroupKey(BenchmarkEntry b) => $"{b.Type} | {b.Job} | {b.Parameters}";
}
