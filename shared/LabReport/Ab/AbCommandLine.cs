using System.Globalization;

namespace LabReport.Ab;

/// <summary>
/// The command that reproduces a run, for command.txt: every setting written out (a commit by its full hash, since a
/// branch moves; the seed, so the rounds run in the same order), the output folder left out (a rerun writes a new one).
/// </summary>
public static class AbCommandLine
{
    /// <summary>How the lab's commands are started from the repository root.</summary>
    public const string Invocation = "dotnet run --project shared/LabReport -c Release -- ab";

    /// <summary>The arguments of <c>ab</c> that reproduce <paramref name="settings"/> with these builds and this seed.</summary>
    public static IReadOnlyList<string> Arguments(AbSettings settings, AbBuild a, AbBuild b, ulong seed)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(a);
        ArgumentNullException.ThrowIfNull(b);
        var args = new List<string>();
        if (settings.IsAa)
        {
            args.AddRange(["--aa", a.Reproducible]);
        }
        else
        {
            args.AddRange(["--a", a.Reproducible, "--b", b.Reproducible]);
        }

        args.AddRange(["--project", settings.Selection.Project]);
        if (settings.Selection.IsMode)
        {
            args.AddRange(["--mode", settings.Selection.Mode!, "--value", settings.Selection.ValueColumn, "--skip", Invariant(settings.Selection.SkipRows)]);
        }
        else
        {
            args.AddRange(["--filter", .. settings.Selection.Filters]);
        }

        foreach (var side in new[] { settings.A, settings.B })
        {
            string prefix = side.Name == "A" ? "--a" : "--b";
            foreach (var (name, value) in side.Environment)
            {
                args.AddRange([prefix + "-env", $"{name}={value}"]);
            }

            if (side.Args.Count > 0)
            {
                args.AddRange([prefix + "-args", string.Join(' ', side.Args)]);
            }
        }

        if (settings.Method != AbMethod.Interleaved)
        {
            args.Add(settings.Method == AbMethod.Duet ? "--duet" : "--sequential");
        }

        args.AddRange(settings.Budget is { } budget ? ["--budget", Invariant((int)Math.Ceiling(budget.TotalSeconds)) + "s"] : ["--rounds", Invariant(settings.Rounds)]);
        args.AddRange(["--seed", seed.ToString(CultureInfo.InvariantCulture), "--threshold", (settings.Threshold * 100).ToString("0.###", CultureInfo.InvariantCulture) + "%",
            "--iterations", Invariant(settings.Job.IterationCount), "--iteration-time", Invariant(settings.Job.IterationTimeMs)]);
        if (settings.Selection.ExtraArgs.Count > 0)
        {
            args.AddRange(["--", .. settings.Selection.ExtraArgs]);
        }

        return args;
    }

    /// <summary>The whole command, shell-quoted.</summary>
    public static string Text(AbSettings settings, AbBuild a, AbBuild b, ulong seed) =>
        Invocation + " " + string.Join(' ', Arguments(settings, a, b, seed).Select(ShellWord.Quote));

    private static string Invariant(int value) => value.ToString(CultureInfo.InvariantCulture);
}
