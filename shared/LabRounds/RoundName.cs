using System.Globalization;
using System.Text.RegularExpressions;

namespace LabRounds;

/// <summary>
/// How a round is named in a BenchmarkDotNet job: the job's own name with "-R" and the round number ("ShortRun-R3",
/// "Job-R1"), so the round travels with every result into the tables and JSON reports that BenchmarkDotNet writes.
/// </summary>
public static partial class RoundName
{
    /// <summary>The name of an auto-named job (BenchmarkDotNet names those by their characteristics).</summary>
    public const string DefaultJob = "Job";

    /// <summary>"ShortRun" and 3 → "ShortRun-R3".</summary>
    public static string Format(string job, int round)
    {
        ArgumentNullException.ThrowIfNull(job);
        ArgumentOutOfRangeException.ThrowIfLessThan(round, 1);
        return string.Create(CultureInfo.InvariantCulture, $"{job}-R{round}");
    }

    /// <summary>
    /// Reads "ShortRun-R3" (also as the start of a job's display text, "ShortRun-R3(IterationCount=3, …)") back into its
    /// job and round; false for a job that is not a round.
    /// </summary>
    public static bool TryParse(string? job, out string baseJob, out int round)
    {
        var match = job is null ? Match.Empty : Pattern().Match(job);
        if (match.Success && int.TryParse(match.Groups[2].Value, NumberStyles.None, CultureInfo.InvariantCulture, out round) && round >= 1)
        {
            baseJob = match.Groups[1].Value;
            return true;
        }

        baseJob = job ?? "";
        round = 0;
        return false;
    }

    [GeneratedRegex(@"^([^(]*?)-R(\d+)(?:\(|$)", RegexOptions.CultureInvariant)]
    private static partial Regex Pattern();
}
