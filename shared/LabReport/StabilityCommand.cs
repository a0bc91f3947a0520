using System.Globalization;
using System.Text;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;
using MeasurementLab;

namespace LabReport;

/// <summary>
/// <c>stability RUN RUN [RUN…] [--out DIR]</c>: the verdicts of several runs side by side. Each run is judged again with
/// the current rules (so runs made before a rule changed are compared under the same rules), claim by claim, with
/// "N of M claims agree", whether a run had called each disagreement borderline or drifted, and, for runs of several
/// machines, which disagreements are a property of the machine and which are noise.
/// </summary>
public static class StabilityCommand
{
    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport stability <run-folder> <run-folder> [more...] [--out DIR]

        Judges each run folder with the current rules and puts the verdicts side by side, claim by claim: "N of M
        claims agree", and for each disagreement whether a run called it borderline or ran it while the machine drifted.
        Each run's share of borderline and missing claims stands next to it, and its drift probe's CPU loop (median and
        range of probe.csv): runs made in different states of the machine show there.
        Runs from several machines (machine.json fingerprints) also separate the claims whose verdict differs between
        the machines while it is stable on each (a property of the machine) from those that are noise.
          --out DIR   also write stability.md into DIR, and command.txt (the command that wrote it)
        """;

    /// <summary>How a reader runs this command from the repository root (command.txt starts with it).</summary>
    public const string Invocation = "dotnet run --project shared/LabReport -c Release -- stability";

    /// <summary>The file --out writes.</summary>
    public const string FileName = "stability.md";

    /// <summary>Runs the command; returns the exit code (0 done, 1 a run has no post folder, 2 bad input).</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var options = new OptionReader(args);
        string? outDir = options.String("--out");
        options.EnsureAllConsumed(maxPositionals: int.MaxValue);
        var folders = options.Positionals;
        if (folders.Count < 2)
        {
            throw new UsageException($"stability needs at least two run folders (got {folders.Count}), e.g. results/<machine>/<run-a> results/<machine>/<run-b>");
        }

        var runs = folders.Select(RunFolder.Open).ToList();
        if (runs.GroupBy(r => r.Path).FirstOrDefault(g => g.Count() > 1) is { } twice)
        {
            throw new UsageException($"{twice.Key}: the same run folder twice (give each run once)");
        }

        string? target = outDir is null ? null : Path.GetFullPath(outDir);
        if (target is not null)
        {
            OutputDirectory.Prepare(target, "--out");
        }

        var verdicts = new List<RunVerdicts>();
        foreach (var run in runs)
        {
            if (Judge(run) is not { } judged)
            {
                error.WriteLine($"error: {run.Path}: no post folder in this run (expected some of: {string.Join(", ", PostSections.All.Select(s => s.Post))})");
                return 1;
            }

            verdicts.Add(judged);
        }

        string markdown = Write(verdicts);
        output.Write(markdown);
        if (target is not null)
        {
            File.WriteAllText(Path.Combine(target, FileName), markdown);
            File.WriteAllText(Path.Combine(target, "command.txt"), $"{Invocation} {string.Join(' ', args.Select(ShellWord.Quote))}\n");
        }

        return 0;
    }

    /// <summary>The markdown: the runs, "N of M claims agree", the claims side by side, and the machines' part.</summary>
    public static string Write(IReadOnlyList<RunVerdicts> runs)
    {
        ArgumentNullException.ThrowIfNull(runs);
        var claims = Stability.Compare(runs);
        var machines = runs.Select(r => r.Fingerprint).Distinct().ToList();
        string MachineOf(RunVerdicts r) => ((char)('A' + machines.IndexOf(r.Fingerprint))).ToString();
        string Count(int n) => n.ToString(CultureInfo.InvariantCulture);
        var md = new StringBuilder();
        md.AppendLine($"# Verdict stability: {Count(runs.Count)} runs, {Count(machines.Count)} machine{(machines.Count == 1 ? "" : "s")}");
        md.AppendLine();
        var fromFile = runs.Select((r, i) => (Run: r, Index: i)).Where(x => x.Run.FromVerdictsFile).Select(x => $"run {Count(x.Index + 1)}").ToList();
        md.AppendLine("Every run judged again by `dotnet run --project shared/LabReport -- stability` with the current rules (information rows are not claims)" +
            (fromFile.Count == 0 ? "." : $", except {string.Join(", ", fromFile)}: summary-only (its raw files archived away), so the verdicts are its own " +
                $"`{VerdictsFile.FileName}`, judged by the rules of the day it was reported."));
        md.AppendLine();
        // Each run's own share of borderline and missing claims: an agreement reached by calling everything borderline
        // is not a measurement, so the share is read next to the agreement.
        string Share(RunVerdicts r, Verdict verdict)
        {
            int n = r.Rows.Values.Count(row => row.Verdict == verdict);
            return $"{Count(n)} of {Count(r.Rows.Count)} ({Format.Percent(r.Rows.Count == 0 ? 0 : (double)n / r.Rows.Count)})";
        }

        string[] columns = ["run", "", "machine", "borderline", "missing", ProbeColumn, "fingerprint"];
        var table = new MarkdownTable(columns,
            [ColumnAlignment.Left, ColumnAlignment.Left, ColumnAlignment.Left, ColumnAlignment.Right, ColumnAlignment.Right, ColumnAlignment.Right, ColumnAlignment.Left]);
        for (int i = 0; i < runs.Count; i++)
        {
            table.Row($"run {i + 1}", runs[i].Name, MachineOf(runs[i]), Share(runs[i], Verdict.Borderline), Share(runs[i], Verdict.Missing),
                ProbeCell(runs[i].Probe), runs[i].Fingerprint);
        }

        md.Append(table);
        md.AppendLine();
        md.AppendLine($"*{ProbeColumn}*: the drift probe's CPU loop over the run (`{ProbeFile.FileName}`), the median of its readings and their range. " +
            "The report flags a post when the loop moves between the readings around it; runs made in different states of the machine " +
            "show here even when no post was flagged, and disagree more.");
        md.AppendLine();
        int agree = claims.Count(c => c.Agree);
        int overlapping = claims.Count(c => c.Overlap);
        md.AppendLine($"**{Count(agree)} of {Count(claims.Count)} claims agree.** Of the {Count(claims.Count - agree)} that do not, " +
            $"{Count(claims.Count(c => !c.Agree && c.Rows.Any(r => r?.Verdict == Verdict.Borderline)))} were borderline in a run and " +
            $"{Count(claims.Count(c => !c.Agree && c.Rows.Any(r => r?.Drifted == true)))} ran while the machine drifted" +
            (overlapping > 0 ? $"; of the others, {Count(overlapping)} had overlapping intervals ({Stability.OverlapMeaning})." : "."));
        md.AppendLine();
        var contradictions = claims.Where(c => c.Contradiction).ToList();
        md.AppendLine($"**{Count(contradictions.Count)} contradiction{(contradictions.Count == 1 ? "" : "s")}** (a claim decided one way in one run and " +
            $"the other way in another: *reproduced* against any other decided verdict, or *direction only* against *not reproduced*)" +
            (contradictions.Count > 0 ? ": " + string.Join(", ", contradictions.Select(c => c.Key)) + "." : "."));
        md.AppendLine();
        string[] headers = [.. new[] { "claim" }.Concat(runs.Select((_, i) => $"run {i + 1}")).Append("agree").Append("why")];
        var side = new MarkdownTable(headers, [.. headers.Select(_ => ColumnAlignment.Left)]);
        foreach (var c in claims)
        {
            side.Row([.. new[] { $"{c.Key}: {c.Claim}" }.Concat(c.Rows.Select(Cell)).Append(c.Agree ? "yes" : c.Contradiction ? "**no: contradiction**" : "**no**").Append(c.Why)]);
        }

        md.Append(side);
        if (machines.Count > 1)
        {
            md.AppendLine();
            md.AppendLine("## Between machines");
            md.AppendLine();
            foreach (var (kind, what) in new[]
            {
                (Between.Machine, "differ between the machines and are stable on each: a property of the machine"),
                (Between.Noise, "differ between runs of one machine: noise"),
                (Between.Unknown, "differ between the machines, but a machine has one run, so stable-on-each cannot be told"),
            })
            {
                var these = claims.Where(c => c.Between == kind).ToList();
                md.AppendLine($"- {Count(these.Count)} claim{(these.Count == 1 ? "" : "s")} {what}{(these.Count > 0 ? ": " + string.Join(", ", these.Select(c => c.Key)) : "")}");
            }
        }

        return md.ToString();
    }

    // A run judged with the current rules; its charts go to a directory removed at once. Null when it has no post folder.
    private static RunVerdicts? Judge(RunFolder run)
    {
        if (RunArchive.IsSummaryOnly(run.Path) && File.Exists(Path.Combine(run.Path, VerdictsFile.FileName)))
        {
            return VerdictsFile.Read(run);
        }


        string charts = Path.Combine(Path.GetTempPath(), $"labreport-stability-{Guid.NewGuid():N}");
        Directory.CreateDirectory(charts);
        try
        {
            var posts = ReportCommand.Build(run, charts);
            if (posts.All(p => !p.Present))
            {
                return null;
            }

            var rows = posts.SelectMany(p => p.Rows.Select(r => (Key: $"{p.Post}/{r.Id}", Row: r)))
                .Where(x => x.Row.Kind != Claims.ClaimKinds.Info)
                .GroupBy(x => x.Key)
                .ToDictionary(g => g.Key, g => g.First().Row, StringComparer.Ordinal);
            return new RunVerdicts(run.Name, run.Environment.Fingerprint, rows, RunProbe.Read(run).Probe);
        }
        finally
        {
            Directory.Delete(charts, recursive: true);
        }
    }

    /// <summary>The header of the run table's probe column.</summary>
    public const string ProbeColumn = "probe CPU loop";

    /// <summary>"1.42 ns (1.40–1.44)": the probe's CPU-loop readings, their median and range; "—" without a probe.</summary>
    public static string ProbeCell(ProbeFile? probe)
    {
        if (probe is null || probe.Readings.Count == 0)
        {
            return "—";
        }

        var cpu = probe.Readings.Select(r => r.CpuNs).ToList();
        return string.Create(CultureInfo.InvariantCulture,
            $"{LabRounds.RoundsEstimate.MedianOf(cpu):0.00} ns ({cpu.Min():0.00}–{cpu.Max():0.00})");
    }

    private static string Cell(ClaimRow? row) => row is null
        ? "absent"
        : $"{row.Verdict.Name()}{(row.Verdict == Verdict.Borderline && row.Threshold is { } t ? $" (at {t})" : "")}{(row.Drifted ? " · drifted" : "")}";
}
