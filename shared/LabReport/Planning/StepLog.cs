using System.Globalization;

namespace LabReport.Planning;

/// <summary>
/// A post's steps.tsv: what each step of its hook took, written by scripts/lib/hook.sh as the run goes, one line per
/// step, tab-separated. A BenchmarkDotNet invocation is <c>bdn, seconds, its folder, the JSON reports it wrote</c>
/// (paths relative to the post's folder, space-separated); a step the hook runs itself is <c>step, seconds, name, round</c>.
/// The planner's cost model reads it: what a round of each case costs here, and what starting a step costs.
/// </summary>
public sealed record StepLog(IReadOnlyList<BdnStep> Invocations, IReadOnlyList<HookStep> Steps)
{
    /// <summary>The file's name in a post's folder.</summary>
    public const string FileName = "steps.tsv";

    /// <summary>An empty log (a run made before steps were logged).</summary>
    public static StepLog Empty { get; } = new([], []);

    /// <summary>Reads a post folder's steps.tsv; an absent file is an empty log, a malformed line is skipped.</summary>
    public static StepLog Load(string postFolder)
    {
        string path = Path.Combine(postFolder, FileName);
        if (!File.Exists(path))
        {
            return Empty;
        }

        var invocations = new List<BdnStep>();
        var steps = new List<HookStep>();
        foreach (string line in File.ReadAllLines(path))
        {
            string[] f = line.Split('\t');
            if (f.Length < 4 || !double.TryParse(f[1], NumberStyles.Float, CultureInfo.InvariantCulture, out double seconds) || seconds < 0)
            {
                continue;
            }

            if (f[0] == "bdn")
            {
                invocations.Add(new BdnStep(seconds, f[2], [.. f[3].Split(' ', StringSplitOptions.RemoveEmptyEntries)]));
            }
            else if (f[0] == "step" && int.TryParse(f[3], NumberStyles.None, CultureInfo.InvariantCulture, out int round))
            {
                steps.Add(new HookStep(seconds, f[2], round));
            }
        }

        return new StepLog(invocations, steps);
    }
}

/// <summary>One BenchmarkDotNet invocation of a hook: its wall time, the folder it wrote (relative to the post's), its JSON reports.</summary>
public sealed record BdnStep(double Seconds, string Folder, IReadOnlyList<string> Reports);

/// <summary>One round of a step the hook runs itself (a Mark step, a sweep round, a noisy/isolated pair).</summary>
public sealed record HookStep(double Seconds, string Name, int Round);
