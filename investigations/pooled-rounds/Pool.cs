#:project ../../shared/LabRounds/LabRounds.csproj
// One run made of two: run A's folder, with run B's rounds appended as rounds R+1, R+2... of every file that carries
// rounds (BenchmarkDotNet's full JSON reports, whose jobs are named <job>-R<n>; the prologue's mark-steps.csv and
// mark8-rounds.csv; post 2's noisy-vs-isolated round-K folders). Everything else (environment, probe, caches, perf,
// post 3's histograms, post 1's latency mode) stays A's. The two runs must be of the same profile and code.
// Usage: dotnet run Pool.cs -- A B OUT
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using LabRounds;

if (args.Length != 3)
{
    Console.Error.WriteLine("usage: dotnet run Pool.cs -- RUN_A RUN_B OUT (OUT must not exist)");
    return 2;
}

string a = Path.GetFullPath(args[0]), b = Path.GetFullPath(args[1]), output = Path.GetFullPath(args[2]);
foreach (string run in new[] { a, b })
{
    if (!File.Exists(Path.Combine(run, "timings.md")))
    {
        Console.Error.WriteLine($"error: {run} is not a run folder (no timings.md)");
        return 2;
    }
}

if (Path.Exists(output))
{
    Console.Error.WriteLine($"error: {output} exists; pooling writes a new folder");
    return 2;
}

CopyTree(a, output);
int json = 0, csv = 0, folders = 0;
foreach (string file in Directory.EnumerateFiles(b, "*", SearchOption.AllDirectories))
{
    string relative = Path.GetRelativePath(b, file);
    string target = Path.Combine(output, relative);
    string name = Path.GetFileName(file);
    if (relative.Split(Path.DirectorySeparatorChar).Any(p => p.StartsWith("round-", StringComparison.Ordinal)))
    {
        continue; // the round-K folders are moved whole below
    }

    if ((name.EndsWith("-report-full.json", StringComparison.Ordinal) || name.EndsWith("-report-full-annotated.json", StringComparison.Ordinal)) && File.Exists(target))
    {
        json += MergeJson(target, file) ? 1 : 0;
    }
    else if (name is "mark-steps.csv" or "mark8-rounds.csv" && File.Exists(target))
    {
        MergeCsv(target, file);
        csv++;
    }
}

// round-K folders: B's round k becomes round (A's count + k), beside A's.
foreach (string parent in Directory.EnumerateDirectories(b, "*", SearchOption.AllDirectories)
             .Where(d => Directory.GetDirectories(d, "round-*").Length > 0))
{
    string mine = Path.Combine(output, Path.GetRelativePath(b, parent));
    int offset = Directory.Exists(mine) ? Directory.GetDirectories(mine, "round-*").Length : 0;
    foreach (string round in Directory.GetDirectories(parent, "round-*"))
    {
        int k = int.Parse(Path.GetFileName(round)["round-".Length..], CultureInfo.InvariantCulture);
        CopyTree(round, Path.Combine(mine, $"round-{offset + k}"));
        folders++;
    }
}

File.WriteAllText(Path.Combine(output, "pooled.md"),
    $"# Pooled run\n\nThe rounds of `{a}` followed by those of `{b}` (renumbered after A's), written by " +
    $"`investigations/pooled-rounds/Pool.cs`. Everything that carries no rounds is A's.\n");
Console.WriteLine($"{output}: {json} JSON reports, {csv} CSV files and {folders} round folders of B appended");
return 0;

// B's benchmarks appended to A's report, their jobs renamed from <job>-R<k> to <job>-R<offset + k>.
static bool MergeJson(string mine, string theirs)
{
    var target = JsonNode.Parse(File.ReadAllText(mine))!.AsObject();
    var source = JsonNode.Parse(File.ReadAllText(theirs))!.AsObject();
    var benchmarks = target["Benchmarks"]!.AsArray();
    int offset = benchmarks.Select(x => RoundOf(x!["DisplayInfo"]!.GetValue<string>())).DefaultIfEmpty(0).Max();
    if (offset == 0)
    {
        return false; // no rounds (a step that runs once): A's stays
    }

    foreach (var benchmark in source["Benchmarks"]!.AsArray())
    {
        var copy = benchmark!.DeepClone().AsObject();
        string display = copy["DisplayInfo"]!.GetValue<string>();
        copy["DisplayInfo"] = RenameRound(display, offset);
        benchmarks.Add((JsonNode)copy);
    }

    File.WriteAllText(mine, target.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
    return true;
}

// "Type.Method: Job-R3(IterationCount=3) [N=8]": the job is between ": " and the first '(' or " [".
static (string Head, string Job, string Tail) SplitJob(string display)
{
    int start = display.IndexOf(": ", StringComparison.Ordinal) + 2;
    int end = display.IndexOfAny(['(', '['], start);
    end = end < 0 ? display.Length : end;
    string job = display[start..end].TrimEnd();
    return (display[..start], job, display[(start + job.Length)..]);
}

static int RoundOf(string display) => RoundName.TryParse(SplitJob(display).Job, out _, out int round) ? round : 0;

static string RenameRound(string display, int offset)
{
    var (head, job, tail) = SplitJob(display);
    if (!RoundName.TryParse(job, out string name, out int round))
    {
        throw new InvalidDataException($"no round in the job of '{display}'");
    }

    return head + RoundName.Format(name, round + offset) + tail;
}

// B's rows appended to A's CSV (same header), the round column shifted past A's last round.
static void MergeCsv(string mine, string theirs)
{
    var ours = File.ReadAllLines(mine).ToList();
    var lines = File.ReadAllLines(theirs);
    if (ours[0] != lines[0] || !ours[0].StartsWith("round,", StringComparison.Ordinal))
    {
        throw new InvalidDataException($"{mine} and {theirs}: different headers, or no round column first");
    }

    int offset = ours.Skip(1).Where(l => l.Length > 0).Max(l => int.Parse(l[..l.IndexOf(',', StringComparison.Ordinal)], CultureInfo.InvariantCulture));
    foreach (string line in lines.Skip(1).Where(l => l.Length > 0))
    {
        int comma = line.IndexOf(',', StringComparison.Ordinal);
        int round = int.Parse(line[..comma], CultureInfo.InvariantCulture);
        if (round > 0) // round 0: a step that ran once, outside the rounds; A's row stays
        {
            ours.Add((round + offset).ToString(CultureInfo.InvariantCulture) + line[comma..]);
        }
    }

    File.WriteAllLines(mine, ours);
}

static void CopyTree(string from, string to)
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
