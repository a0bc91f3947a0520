using LabStatistics;

namespace StatisticsThatMatter.Checklist;

/// <summary>The reports <c>check</c> read, the pairs found in them, notes on groups without a pair, and what could not be read.</summary>
public sealed record CheckReports(IReadOnlyList<BdnReport> Reports, IReadOnlyList<BenchmarkPair> Pairs, IReadOnlyList<string> Notes, IReadOnlyList<string> Problems)
{
    /// <summary>Reads every file; an unusable report becomes a problem naming it, so all of them are reported at once.</summary>
    public static CheckReports Load(IEnumerable<string> files, PairingOptions pairing)
    {
        ArgumentNullException.ThrowIfNull(files);
        var reports = new List<BdnReport>();
        var pairs = new List<BenchmarkPair>();
        var notes = new List<string>();
        var problems = new List<string>();
        foreach (string file in files)
        {
            try
            {
                var report = BdnReportReader.Load(file);
                var (found, groupNotes) = PairFinder.Find(report, pairing);
                reports.Add(report);
                pairs.AddRange(found);
                notes.AddRange(groupNotes.Select(n => $"{file}: {n}"));
            }
            catch (ReportFormatException e)
            {
                problems.Add(e.Message);
            }
        }

        return new CheckReports(reports, pairs, notes, problems);
    }
}
