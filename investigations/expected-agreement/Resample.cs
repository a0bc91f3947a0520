#:project ../../shared/LabRounds/LabRounds.csproj
// Synthetic runs made of the rounds of several real runs of the same code and profile, two at a time with no round
// in common, so that LabReport's own rules judge them and LabReport stability says how often two such runs agree.
// A post's rounds are its processes (each round of a case is a process of its own), so a synthetic run draws, per
// post folder, R rounds out of the pool of every run's rounds (run, round), renumbers them 1..R, and rewrites every
// file that carries rounds: BenchmarkDotNet's full JSON reports and tables (jobs "<job>-R<n>"), the prologue's CSV
// files whose first column is the round, and round-K folders (post 2's noisy-vs-isolated). What runs once (post 3,
// caches, perf, probe.csv, environment) is the base run's, a different real run for the two runs of a pair.
//
// Usage: dotnet run Resample.cs -- --out DIR --pairs P --seed S [--scale X] [--single] [--identity] RUN...
//   --scale X    rounds per synthetic run = X times a real run's, per post (default 1); two runs of a pair need
//                2R rounds in the pool
//   --single     only the x of each pair (to set against runs drawn from another pool): R rounds in the pool suffice
//   --identity   one synthetic run per real run, each its own rounds in order (a check: the report must give the
//                real run's verdicts back)
// Writes DIR/pair-K/x and DIR/pair-K/y (or DIR/identity-K), each with picks.json: which real round each round is.
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using LabRounds;

var runs = new List<string>();
string? output = null;
int pairs = 0, seed = 0;
double scale = 1;
bool identity = false, single = false;
for (int a = 0; a < args.Length; a++)
{
    switch (args[a])
    {
        case "--out": output = Path.GetFullPath(args[++a]); break;
        case "--pairs": pairs = int.Parse(args[++a], CultureInfo.InvariantCulture); break;
        case "--seed": seed = int.Parse(args[++a], CultureInfo.InvariantCulture); break;
        case "--scale": scale = double.Parse(args[++a], CultureInfo.InvariantCulture); break;
        case "--identity": identity = true; break;
        case "--single": single = true; break;
        default: runs.Add(Path.GetFullPath(args[a])); break;
    }
}

if (output is null || runs.Count == 0 || (!identity && (pairs < 1 || runs.Count < 2)) || scale <= 0)
{
    Console.Error.WriteLine("usage: dotnet run Resample.cs -- --out DIR (--pairs P --seed S [--scale X] | --identity) RUN RUN...");
    return 2;
}

// Rounds per real run, per post folder (0: the post measures once).
var posts = new Dictionary<string, int>(StringComparer.Ordinal);
foreach (string post in Directory.GetDirectories(runs[0]).Select(d => Path.GetFileName(d)!).Order(StringComparer.Ordinal))
{
    var counts = runs.Select(run => Files.RoundsIn(Path.Combine(run, post))).Distinct().ToList();
    if (counts.Count != 1)
    {
        Console.Error.WriteLine($"error: {post} has {string.Join(" and ", counts)} rounds in different runs: not the same profile");
        return 2;
    }

    posts[post] = counts[0];
}

Directory.CreateDirectory(output);
if (identity)
{
    for (int i = 0; i < runs.Count; i++)
    {
        var picks = posts.Where(p => p.Value > 0).ToDictionary(p => p.Key, p => Enumerable.Range(1, p.Value).Select(r => new Pick(i, r)).ToList());
        Files.Assemble(runs, i, picks, Path.Combine(output, $"identity-{i + 1}"));
    }

    return 0;
}

var random = new Random(seed);
for (int k = 1; k <= pairs; k++)
{
    var x = new Dictionary<string, List<Pick>>(StringComparer.Ordinal);
    var y = new Dictionary<string, List<Pick>>(StringComparer.Ordinal);
    foreach (var (post, rounds) in posts.Where(p => p.Value > 0))
    {
        var pool = Enumerable.Range(0, runs.Count).SelectMany(i => Enumerable.Range(1, rounds).Select(r => new Pick(i, r))).ToArray();
        random.Shuffle(pool);
        int n = Math.Max(2, (int)Math.Round(rounds * scale, MidpointRounding.AwayFromZero));
        int needed = single ? n : 2 * n;
        if (needed > pool.Length)
        {
            Console.Error.WriteLine($"error: {post}: {(single ? "a run" : "two runs")} of {n} rounds need {needed}, the pool has {pool.Length}");
            return 2;
        }

        x[post] = [.. pool[..n]];
        y[post] = single ? [] : [.. pool[n..(2 * n)]];
    }

    int xBase = random.Next(runs.Count);
    int yBase = (xBase + 1 + random.Next(runs.Count - 1)) % runs.Count;
    Files.Assemble(runs, xBase, x, Path.Combine(output, $"pair-{k}", "x"));
    if (!single)
    {
        Files.Assemble(runs, yBase, y, Path.Combine(output, $"pair-{k}", "y"));
    }
}

Console.WriteLine($"{output}: {pairs} pairs of synthetic runs, rounds x{scale.ToString(CultureInfo.InvariantCulture)} ({string.Join(", ", posts.Where(p => p.Value > 0).Select(p => $"{p.Key} {p.Value}"))} per real run)");
return 0;

/// <summary>Round <c>Round</c> of real run <c>Run</c> (an index into the runs given).</summary>
internal readonly record struct Pick(int Run, int Round);

internal static class Files
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    /// <summary>The highest round any file of the folder carries.</summary>
    public static int RoundsIn(string folder)
    {
        if (!Directory.Exists(folder))
        {
            return -1;
        }

        int max = 0;
        foreach (string file in Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories))
        {
            string name = Path.GetFileName(file);
            if (IsReportJson(name))
            {
                foreach (var entry in Benchmarks(JsonNode.Parse(File.ReadAllText(file))!))
                {
                    max = Math.Max(max, RoundOfDisplay(entry["DisplayInfo"]!.GetValue<string>()));
                }
            }
            else if (name.EndsWith(".csv", StringComparison.Ordinal) && IsRoundCsv(file))
            {
                max = Math.Max(max, File.ReadLines(file).Skip(1).Where(l => l.Length > 0).Select(CsvRound).DefaultIfEmpty(0).Max());
            }
        }

        return max;
    }

    /// <summary>A copy of run <paramref name="baseRun"/> whose rounds, post by post, are <paramref name="picks"/>.</summary>
    public static void Assemble(IReadOnlyList<string> runs, int baseRun, IReadOnlyDictionary<string, List<Pick>> picks, string target)
    {
        CopyTree(runs[baseRun], target);
        foreach (var (post, chosen) in picks)
        {
            string folder = Path.Combine(target, post);
            foreach (string file in Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories).ToList())
            {
                string relative = Path.GetRelativePath(target, file);
                if (InRoundFolder(relative))
                {
                    continue;
                }

                string name = Path.GetFileName(file);
                var sources = chosen.Select(p => Path.Combine(runs[p.Run], relative)).ToList();
                if (IsReportJson(name))
                {
                    RewriteJson(file, chosen, sources);
                }
                else if (name.EndsWith("-report-github.md", StringComparison.Ordinal))
                {
                    RewriteTable(file, chosen, sources);
                }
                else if (name.EndsWith(".csv", StringComparison.Ordinal) && IsRoundCsv(file))
                {
                    RewriteCsv(file, chosen, sources);
                }
            }

            // round-K folders: replaced by the picked runs' folders, renumbered.
            foreach (string parent in Directory.EnumerateDirectories(folder, "*", SearchOption.AllDirectories)
                         .Where(d => !InRoundFolder(Path.GetRelativePath(target, d)) && Directory.GetDirectories(d, "round-*").Length > 0).ToList())
            {
                string relative = Path.GetRelativePath(target, parent);
                foreach (string old in Directory.GetDirectories(parent, "round-*"))
                {
                    Directory.Delete(old, recursive: true);
                }

                for (int j = 0; j < chosen.Count; j++)
                {
                    string from = Path.Combine(runs[chosen[j].Run], relative, $"round-{chosen[j].Round}");
                    if (Directory.Exists(from))
                    {
                        CopyTree(from, Path.Combine(parent, $"round-{j + 1}"));
                    }
                }
            }
        }

        var record = new JsonObject
        {
            ["baseRun"] = runs[baseRun],
            ["runs"] = new JsonArray([.. runs.Select(r => (JsonNode?)JsonValue.Create(r))]),
            ["posts"] = new JsonObject(picks.Select(p => KeyValuePair.Create(p.Key,
                (JsonNode?)new JsonArray([.. p.Value.Select(x => (JsonNode?)JsonValue.Create($"{x.Run + 1}:{x.Round}"))])))),
        };
        File.WriteAllText(Path.Combine(target, "picks.json"), record.ToJsonString(Indented));
    }

    // The base's entries that carry no round, then each picked round's entries renamed to their new round.
    private static void RewriteJson(string file, List<Pick> chosen, List<string> sources)
    {
        var report = JsonNode.Parse(File.ReadAllText(file))!.AsObject();
        var benchmarks = report["Benchmarks"]!.AsArray();
        if (!benchmarks.Any(b => RoundOfDisplay(b!["DisplayInfo"]!.GetValue<string>()) > 0))
        {
            return; // a step that runs once
        }

        var kept = benchmarks.Where(b => RoundOfDisplay(b!["DisplayInfo"]!.GetValue<string>()) == 0).Select(b => b!.DeepClone()).ToList();
        var result = new JsonArray();
        foreach (var entry in kept)
        {
            result.Add(entry);
        }

        for (int j = 0; j < chosen.Count; j++)
        {
            var source = JsonNode.Parse(File.ReadAllText(sources[j]))!;
            foreach (var entry in Benchmarks(source).Where(b => RoundOfDisplay(b["DisplayInfo"]!.GetValue<string>()) == chosen[j].Round))
            {
                var copy = entry.DeepClone().AsObject();
                copy["DisplayInfo"] = Renumber(copy["DisplayInfo"]!.GetValue<string>(), chosen[j].Round, j + 1);
                if (copy["LogicalGroup"] is JsonNode group)
                {
                    copy["LogicalGroup"] = Renumber(group.GetValue<string>(), chosen[j].Round, j + 1);
                }

                result.Add((JsonNode)copy);
            }
        }

        report["Benchmarks"] = result;
        File.WriteAllText(file, report.ToJsonString(Indented));
    }

    // The table's rows of no round, then each picked round's rows (mapped onto this table's columns by name).
    private static void RewriteTable(string file, List<Pick> chosen, List<string> sources)
    {
        var lines = File.ReadAllLines(file).ToList();
        var (header, first, last) = TableOf(lines);
        if (header < 0)
        {
            return;
        }

        var columns = Cells(lines[header]);
        int job = columns.IndexOf("Job");
        if (job < 0 || !lines.Skip(first).Take(last - first).Any(l => RowRound(l, job) > 0))
        {
            return;
        }

        var rows = lines.Skip(first).Take(last - first).Where(l => RowRound(l, job) == 0).ToList();
        for (int j = 0; j < chosen.Count; j++)
        {
            var theirs = File.ReadAllLines(sources[j]).ToList();
            var (h, f, l) = TableOf(theirs);
            var their = Cells(theirs[h]);
            int theirJob = their.IndexOf("Job");
            foreach (string row in theirs.Skip(f).Take(l - f).Where(r => RowRound(r, theirJob) == chosen[j].Round))
            {
                var cells = Cells(row);
                var mapped = columns.Select(c => their.IndexOf(c) is int i and >= 0 && i < cells.Count ? cells[i] : "-").ToList();
                mapped[job] = Renumber(mapped[job], chosen[j].Round, j + 1);
                rows.Add("| " + string.Join(" | ", mapped) + " |");
            }
        }

        lines.RemoveRange(first, last - first);
        lines.InsertRange(first, rows);
        File.WriteAllLines(file, lines);
    }

    // Rows of round 0 (steps run once) from the base, then each picked round's rows with the round renumbered.
    private static void RewriteCsv(string file, List<Pick> chosen, List<string> sources)
    {
        var lines = File.ReadAllLines(file).Where(l => l.Length > 0).ToList();
        var result = new List<string> { lines[0] };
        result.AddRange(lines.Skip(1).Where(l => CsvRound(l) == 0));
        for (int j = 0; j < chosen.Count; j++)
        {
            foreach (string line in File.ReadLines(sources[j]).Skip(1).Where(l => l.Length > 0 && CsvRound(l) == chosen[j].Round))
            {
                result.Add((j + 1).ToString(CultureInfo.InvariantCulture) + line[line.IndexOf(',', StringComparison.Ordinal)..]);
            }
        }

        File.WriteAllLines(file, result);
    }

    private static bool IsReportJson(string name) =>
        name.EndsWith("-report-full.json", StringComparison.Ordinal) || name.EndsWith("-report-full-annotated.json", StringComparison.Ordinal);

    private static bool IsRoundCsv(string file) => File.ReadLines(file).FirstOrDefault()?.StartsWith("round,", StringComparison.Ordinal) == true;

    private static int CsvRound(string line) => int.Parse(line[..line.IndexOf(',', StringComparison.Ordinal)], CultureInfo.InvariantCulture);

    private static bool InRoundFolder(string relative) =>
        relative.Split(Path.DirectorySeparatorChar).SkipLast(1).Any(p => p.StartsWith("round-", StringComparison.Ordinal))
        || Path.GetFileName(relative).StartsWith("round-", StringComparison.Ordinal);

    private static IEnumerable<JsonObject> Benchmarks(JsonNode report) => report["Benchmarks"]!.AsArray().Select(b => b!.AsObject());

    // "Type.Method: Job-R3(IterationCount=3) [N=8]": the job is between ": " and the first '(' or " [".
    private static int RoundOfDisplay(string display)
    {
        int start = display.IndexOf(": ", StringComparison.Ordinal) + 2;
        int end = display.IndexOfAny(['(', '['], start);
        string job = display[start..(end < 0 ? display.Length : end)].Trim();
        return RoundName.TryParse(job, out _, out int round) ? round : 0;
    }

    private static int RowRound(string row, int job)
    {
        var cells = Cells(row);
        return job < cells.Count && RoundName.TryParse(cells[job].Trim('*', ' '), out _, out int round) ? round : 0;
    }

    // "-R<old>" as a whole token (followed by '(', ' ', ']', '*' or the end) becomes "-R<new>".
    private static string Renumber(string text, int from, int to) =>
        Regex.Replace(text, $@"-R{from}(?=[\(\s\]\*]|$)", $"-R{to}");

    private static List<string> Cells(string row) =>
        [.. row.Trim().Trim('|').Split('|').Select(c => c.Trim())];

    // The first table with a Method column: its header line, and its data rows [first, last).
    private static (int Header, int First, int Last) TableOf(List<string> lines)
    {
        int header = lines.FindIndex(l => l.StartsWith('|') && Cells(l).Contains("Method"));
        if (header < 0)
        {
            return (-1, 0, 0);
        }

        int first = header + 2, last = first;
        while (last < lines.Count && lines[last].StartsWith('|'))
        {
            last++;
        }

        return (header, first, last);
    }

    private static void CopyTree(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (string directory in Directory.EnumerateDirectories(from, "*", SearchOption.AllDirectories))
        {
            Directory.CreateDirectory(Path.Combine(to, Path.GetRelativePath(from, directory)));
        }

        foreach (string file in Directory.EnumerateFiles(from, "*", SearchOption.AllDirectories))
        {
            File.Copy(file, Path.Combine(to, Path.GetRelativePath(from, file)));
        }
    }
}
