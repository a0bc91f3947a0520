using LabReport.RunFiles;

namespace LabReport;

/// <summary>One run's verdicts, by claim key ("post/id"), and the machine it ran on.</summary>
/// <param name="Name">How the run is named ("amd-epyc-…/2026-11-25-full").</param>
/// <param name="Fingerprint">The machine's fingerprint (machine.json, or environment.md's CPU, cores and caches).</param>
/// <param name="Rows">Each judged or unjudged claim's row; information rows are left out.</param>
/// <param name="Probe">The run's drift probe (probe.csv), null when it has none: the machine's speed during the run.</param>
/// <param name="Name">The run, "machine/run".</param>
/// <param name="Fingerprint">The machine's fingerprint.</param>
/// <param name="Rows">The claims judged, by "post/id".</param>
/// <param name="Probe">The run's drift probe, when it has one.</param>
/// <param name="FromVerdictsFile">True when the rows are the run's own verdicts.json (a summary-only run: its raw files are gone, so the rules of its day judged it).</param>
public sealed record RunVerdicts(string Name, string Fingerprint, IReadOnlyDictionary<string, ClaimRow> Rows, ProbeFile? Probe = null, bool FromVerdictsFile = false);

/// <summary>Where a disagreement comes from when the runs come from more than one machine.</summary>
public enum Between
{
    /// <summary>One machine, or the claim agrees.</summary>
    None,

    /// <summary>The verdict is the same within each machine (two runs or more each) and differs between machines: a property of the machine.</summary>
    Machine,

    /// <summary>The verdict differs between runs of one machine: noise.</summary>
    Noise,

    /// <summary>It differs between machines, but some machine has one run, so stable-on-each cannot be told.</summary>
    Unknown,
}

/// <summary>One claim across the runs.</summary>
/// <param name="Key">"post/id".</param>
/// <param name="Claim">What the claim says.</param>
/// <param name="Rows">Its row in each run, in the runs' order (null where a run lacks it).</param>
/// <param name="Agree">True when every run gave the same verdict.</param>
/// <param name="Why">For a disagreement: which runs called it borderline or ran it while the machine drifted, else whether their intervals overlap.</param>
/// <param name="Between">With runs of several machines: a machine's property or noise.</param>
/// <param name="Overlap">A disagreement no run called borderline or drifted, whose runs' intervals overlap (<see cref="Stability.OverlapMeaning"/>).</param>
public sealed record ClaimStability(string Key, string Claim, IReadOnlyList<ClaimRow?> Rows, bool Agree, string Why, Between Between, bool Overlap = false)
{
    /// <summary>
    /// True when two runs decided the claim in ways that cannot both be right (<see cref="Verdicts.Contradicts"/>):
    /// not a borderline call or a size the runs both rule out, but one run's "reproduced" against another's "not".
    /// </summary>
    public bool Contradiction => Rows.Where(r => r is not null).SelectMany(a => Rows.Where(r => r is not null).Select(b => a!.Verdict.Contradicts(b!.Verdict))).Any(x => x);
}

/// <summary>The verdicts of several runs side by side, claim by claim.</summary>
public static class Stability
{
    /// <summary>Every claim any run judged, in the first run's order; information rows are not claims.</summary>
    public static IReadOnlyList<ClaimStability> Compare(IReadOnlyList<RunVerdicts> runs)
    {
        ArgumentNullException.ThrowIfNull(runs);
        var keys = runs.SelectMany(r => r.Rows.Keys).Distinct().ToList();
        var machines = runs.Select(r => r.Fingerprint).Distinct().ToList();
        var result = new List<ClaimStability>();
        foreach (string key in keys)
        {
            var rows = runs.Select(r => r.Rows.TryGetValue(key, out var row) ? row : null).ToList();
            string Verdict(int i) => rows[i]?.Verdict.Name() ?? "absent";
            bool agree = rows.Select((_, i) => Verdict(i)).Distinct().Count() == 1;
            var why = new List<string>();
            bool overlap = false;
            if (!agree)
            {
                for (int i = 0; i < runs.Count; i++)
                {
                    if (rows[i]?.Verdict == LabReport.Verdict.Borderline)
                    {
                        why.Add($"borderline in {runs[i].Name}{(rows[i]!.Threshold is { } t ? $" (at {t})" : "")}");
                    }

                    if (rows[i]?.Drifted == true)
                    {
                        why.Add($"machine drifted in {runs[i].Name}");
                    }
                }

                if (why.Count == 0)
                {
                    overlap = IntervalsOverlap(rows);
                    why.Add(overlap
                        ? "neither borderline nor drifted in any run, and the intervals overlap: " + OverlapMeaning
                        : "neither borderline nor drifted in any run: the runs measured it differently");
                }
            }

            var between = Between.None;
            if (!agree && machines.Count > 1)
            {
                var perMachine = machines.Select(m => Enumerable.Range(0, runs.Count).Where(i => runs[i].Fingerprint == m).Select(Verdict).ToList()).ToList();
                between = perMachine.Any(v => v.Distinct().Count() > 1)
                    ? Between.Noise
                    : perMachine.All(v => v.Count >= 2) ? Between.Machine : Between.Unknown;
            }

            // The claim's sentence from a run judged now; a summary-only run's verdicts.json names it by id only.
            var first = rows.Where(r => r is not null).OrderBy(r => r!.Claim == r.Id ? 1 : 0).First()!;
            result.Add(new ClaimStability(key, first.Claim, rows, agree, string.Join("; ", why), between, overlap));
        }

        return result;
    }

    /// <summary>
    /// What overlapping intervals mean for a disagreement no run called borderline: a verdict turns on where an
    /// interval lies against thresholds, and two intervals on opposite sides of a threshold cannot overlap, so one run's
    /// interval holds a threshold the other's clears (e.g. 1 between "direction only" and "not reproduced").
    /// </summary>
    public const string OverlapMeaning = "one run's interval holds a threshold the other's clears, so the verdicts split on that threshold, not on different numbers";

    /// <summary>True when every run has the claim with a number and all their intervals share a point (a point estimate is its own interval).</summary>
    public static bool IntervalsOverlap(IReadOnlyList<ClaimRow?> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        if (rows.Any(r => r?.Estimate is null))
        {
            return false;
        }

        var estimates = rows.Select(r => r!.Estimate!.Value).ToList();
        return estimates.Max(Claims.Interval.Low) <= estimates.Min(Claims.Interval.High);
    }
}
