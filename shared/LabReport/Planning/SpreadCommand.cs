using System.Globalization;
using System.Text;
using LabReport.RunFiles;
using LabReport.Sections;
using MeasurementLab;

namespace LabReport.Planning;

/// <summary>
/// <c>spread &lt;run-folder&gt; [--out DIR]</c>: for every claim on two benchmark cases, where its spread between rounds
/// comes from (<see cref="SpreadComponents"/>) and the iterations per round Kalibera &amp; Jones's allocation would choose.
/// </summary>
public static class SpreadCommand
{
    /// <summary>The file --out writes.</summary>
    public const string FileName = "spread.md";

    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport spread <run-folder> [--out DIR]

        For every claim that compares two benchmark cases measured in rounds: the spread of its per-round log ratio between
        rounds, the part of it the iterations' own noise explains, the part left to the process level, the iterations a
        round had and the iterations per round Kalibera & Jones's allocation would choose (few when the process level
        dominates: more rounds, not longer ones), with what a round and an iteration cost here.
          --out DIR   also write spread.md into DIR
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        var options = new OptionReader(args);
        string? outDir = options.String("--out");
        options.EnsureAllConsumed(maxPositionals: 1);
        string folder = options.Positionals.FirstOrDefault() ?? throw new UsageException("spread needs a run folder, e.g. results/<machine>/<run>");
        var run = RunFolder.Open(folder);
        string markdown = Write(run, PublishedNumbers.LoadDefault(), RunCosts.Of(run).ProcessOverhead);
        output.Write(markdown);
        if (outDir is not null)
        {
            string target = Path.GetFullPath(outDir);
            OutputDirectory.Prepare(target, "--out");
            File.WriteAllText(Path.Combine(target, FileName), markdown);
        }

        return 0;
    }

    /// <summary>The tables, one per post of the run.</summary>
    public static string Write(RunFolder run, PublishedNumbers published, double processOverhead)
    {
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(published);
        var md = new StringBuilder();
        md.AppendLine($"# Where the spread comes from: {run.Name}");
        md.AppendLine();
        md.AppendLine("Per claim on two benchmark cases measured in rounds (its first two cases): *between* is the standard deviation of the " +
            "per-round log ratios (0.05 ≈ 5%); *within* the part the iterations' own noise explains at the iterations each round had; " +
            "*process* the rest, what each process draws anew (Kalibera & Jones's execution level). *k now* is the iterations a round " +
            "had, *k\\** the iterations per round that buy the narrowest interval per second of the run, " +
            "√((round cost / iteration cost) · (iteration spread² / process²)): a small k\\* says more rounds, not longer ones. " +
            $"A round's cost counts each process's time in BenchmarkDotNet's engine and {Format.Number(processOverhead)} s of " +
            "process overhead (the run's own, from steps.tsv, else the default).");
        var sets = new Dictionary<string, BenchmarkSet>(StringComparer.Ordinal);
        foreach (var post in published.Posts.Where(p => run.HasPost(p.Post)))
        {
            var table = new MarkdownTable(["claim", "rounds", "between", "within", "process", "k now", "k*", "round", "iteration"],
                [ColumnAlignment.Left, .. Enumerable.Repeat(ColumnAlignment.Right, 8)]);
            int rows = 0;
            foreach (var claim in post.Claims.Where(c => c.Kind != Claims.ClaimKinds.Info))
            {
                var cases = claim.Cases.Where(c => c.IsBenchmark).Take(2).ToList();
                if (cases.Count < 2 || cases[0].Group != cases[1].Group)
                {
                    continue;
                }

                string key = post.Post + "/" + cases[0].Group;
                if (!sets.TryGetValue(key, out var set))
                {
                    sets[key] = set = BenchmarkSet.Load(Path.Combine(run.PostPath(post.Post), cases[0].Group));
                }

                if (set.Find(cases[0]) is not { } a || set.Find(cases[1]) is not { } b || SpreadComponents.Of(a, b, processOverhead) is not { } s)
                {
                    continue;
                }

                rows++;
                table.Row(claim.Id, Count(s.Rounds), Spread(s.Between), Spread(s.Within), Spread(s.Process),
                    s.Iterations.ToString("0.#", CultureInfo.InvariantCulture), s.BestIterations.ToString("0.#", CultureInfo.InvariantCulture),
                    Format.Time(s.RoundSeconds * 1e9), Format.Time(s.IterationSeconds * 1e9));
            }

            if (rows > 0)
            {
                md.AppendLine();
                md.AppendLine($"## {post.Title}");
                md.AppendLine();
                md.Append(table);
            }
        }

        return md.ToString();
    }

    private static string Spread(double s) => s.ToString("0.000", CultureInfo.InvariantCulture);

    private static string Count(int n) => n.ToString(CultureInfo.InvariantCulture);
}
