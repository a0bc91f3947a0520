using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// Before any round: the benchmarks each build's program lists for the filters (<c>--list flat</c>, a second or so).
/// A filter that matches nothing in A or in B is a usage error, found before minutes of rounds; benchmarks that only
/// one side has are named in the summary and not judged.
/// </summary>
public static class SelectionCheck
{
    /// <summary>The benchmarks <paramref name="build"/> runs for the selection; a usage error when there are none.</summary>
    public static IReadOnlyList<string> Listed(Side side, Selection selection, AbHost host, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(side);
        ArgumentNullException.ThrowIfNull(selection);
        ArgumentNullException.ThrowIfNull(host);
        var list = ChildProcess.Run(new ProcessSpec(host.Dotnet, [side.Build.ProgramPath, "--list", "flat", "--filter", .. selection.Filters],
            Path.GetDirectoryName(side.Build.ProgramPath)!, side.Environment), token);
        if (list.ExitCode != 0)
        {
            throw new AbFailure($"{side.Name}'s program could not list its benchmarks (exit {list.ExitCode}):\n{list.Tail(6)}");
        }

        var names = list.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Where(l => !l.Contains(' ', StringComparison.Ordinal) && l.Contains('.', StringComparison.Ordinal))
            .ToList();
        return names.Count > 0
            ? names
            : throw new UsageException($"--filter {string.Join(' ', selection.Filters.Select(ShellWord.Quote))} matches no benchmark of {side.Name} " +
                $"({side.Build.Label}); list them with: dotnet {side.Build.ProgramPath} --list flat");
    }

    /// <summary>Notes for the summary when the two builds list different benchmarks.</summary>
    public static IReadOnlyList<string> Differences(IReadOnlyList<string> a, IReadOnlyList<string> b)
    {
        ArgumentNullException.ThrowIfNull(a);
        ArgumentNullException.ThrowIfNull(b);
        var notes = new List<string>();
        if (a.Except(b).ToList() is { Count: > 0 } onlyA)
        {
            notes.Add($"only A has {string.Join(", ", onlyA.Select(n => $"`{n}`"))}: not judged");
        }

        if (b.Except(a).ToList() is { Count: > 0 } onlyB)
        {
            notes.Add($"only B has {string.Join(", ", onlyB.Select(n => $"`{n}`"))}: not judged");
        }

        return notes;
    }
}
