#:project ../../shared/LabReport/LabReport.csproj
// Each planner step of post 2 in a run folder, priced again by LabReport's own cost model (RunCosts) as the run stood
// before the step: a copy of the post's folder with its run.log and steps.tsv cut at the step and its later more-N
// folders removed. Prints the planner's estimate at the time (timings.md), what the step took, and the model's; then
// what each post's classes took outside the engine (BdnConsoleLog) before the post's first planner step.
// Usage: dotnet run Replay.cs -- RUN_FOLDER
using System.Globalization;
using System.IO.Compression;
using System.Text.RegularExpressions;
using LabReport;
using LabReport.Planning;
using LabReport.RunFiles;

if (args.Length != 1 || !Directory.Exists(args[0]))
{
    Console.Error.WriteLine("usage: dotnet run Replay.cs -- RUN_FOLDER (a run with enemies-of-measurement/run.log[.gz], steps.tsv and timings.md)");
    return 2;
}

const string post = "enemies-of-measurement";
string run = Path.GetFullPath(args[0]);
string source = Path.Combine(run, post);
string[] log = ReadLog(source);
string[] steps = File.ReadAllLines(Path.Combine(source, StepLog.FileName));
var more = new Regex(@"^==> .*: (\d+) more round\(s\) from round (\d+) of \d+ case\(s\)");
var planned = Regex.Matches(File.ReadAllText(Path.Combine(run, "timings.md")),
        @"\| planner: enemies-of-measurement, (\d+) round\(s\) of (\d+) case\(s\) \| ok \| (\d+):(\d\d) \| (\d+):(\d\d) \|")
    .Select(m => (Took: Seconds(m, 3), Estimate: Seconds(m, 5))).ToList();

Console.WriteLine("| step of post 2 | rounds × cases | estimate then | took | estimate now | build + rounds × (engine + outside the engine) |");
Console.WriteLine("|---:|---|---:|---:|---:|---|");
int k = 0;
for (int i = 0; i < log.Length; i++)
{
    if (more.Match(log[i]) is not { Success: true } m || k >= planned.Count)
    {
        continue;
    }

    int rounds = int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture), first = int.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture);
    var cases = Regex.Matches(log[i + 1], @"--case (\S+)").Select(c => c.Groups[1].Value).ToList();
    string copy = Directory.CreateTempSubdirectory("planner-costs-").FullName;
    try
    {
        // The run as the planner saw it: the post's files of before the step (the other posts are not needed for it).
        // (The run-wide fit, which would read them, is only the fallback for a class the post's log lacks.)
        File.Copy(Path.Combine(run, "environment.md"), Path.Combine(copy, "environment.md"));
        string dest = Path.Combine(copy, post);
        CopyBefore(source, dest, first);
        File.WriteAllLines(Path.Combine(dest, BdnConsoleLog.FileName), log[..i]);
        File.WriteAllLines(Path.Combine(dest, StepLog.FileName), steps.TakeWhile(l => !l.Split('\t')[2].Equals($"more-{first}", StringComparison.Ordinal)));
        var costs = RunCosts.Of(RunFolder.Open(copy));
        var unit = new PlanUnit(post, "", false, cases);
        double outside = cases.Sum(c => costs.ProcessOverheadOf(post, LabRounds.CaseSpec.Parse(c).Class));
        double perRound = cases.Sum(c => costs.SecondsPerRound(unit, c));
        double estimate = costs.Overhead(unit) + rounds * perRound;
        var (took, then) = planned[k];
        Console.WriteLine($"| {k + 1} | {rounds} × {cases.Count} | {Clock(then)} | {Clock(took)} | {Clock(estimate)} | " +
            $"{costs.Overhead(unit):0} + {rounds} × ({perRound - outside:0.0} + {outside:0.0}) |");
    }
    finally
    {
        Directory.Delete(copy, recursive: true);
    }

    k++;
}

// What each post's classes took outside the engine, per process, and its builds, before its first planner step.
Console.WriteLine();
Console.WriteLine("| post | builds (s) | outside the engine, s per process, before the post's first planner step |");
Console.WriteLine("|---|---|---|");
foreach (string folder in Directory.GetDirectories(run).Order(StringComparer.Ordinal))
{
    if (!File.Exists(Path.Combine(folder, BdnConsoleLog.FileName)) && !File.Exists(Path.Combine(folder, BdnConsoleLog.FileName + RunArchive.GzSuffix)))
    {
        continue;
    }

    var costs = BdnConsoleLog.Parse(ReadLog(folder).TakeWhile(l => !more.IsMatch(l)));
    if (costs.Classes.Any())
    {
        Console.WriteLine($"| {Path.GetFileName(folder)} | {string.Join(", ", costs.Builds.Select(b => b.ToString("0.0", CultureInfo.InvariantCulture)))} | " +
            string.Join(", ", costs.Classes.Select(c => $"{c} {costs.OutsideEngine(c)!.Value.ToString("0.00", CultureInfo.InvariantCulture)}")) + " |");
    }
}

return 0;

static int Seconds(Match m, int group) =>
    int.Parse(m.Groups[group].Value, CultureInfo.InvariantCulture) * 60 + int.Parse(m.Groups[group + 1].Value, CultureInfo.InvariantCulture);

static string Clock(double seconds) => TimeSpan.FromSeconds(Math.Round(seconds)).ToString(@"m\:ss", CultureInfo.InvariantCulture);

static string[] ReadLog(string folder)
{
    string path = Path.Combine(folder, BdnConsoleLog.FileName);
    if (File.Exists(path))
    {
        return File.ReadAllLines(path);
    }

    using var gzip = new GZipStream(File.OpenRead(path + RunArchive.GzSuffix), CompressionMode.Decompress);
    using var reader = new StreamReader(gzip);
    return reader.ReadToEnd().Split('\n');
}

// Every file of the post but its log and steps, without the more-N folders of this step and later.
static void CopyBefore(string from, string to, int first)
{
    Directory.CreateDirectory(to);
    foreach (string file in Directory.GetFiles(from))
    {
        string name = Path.GetFileName(file);
        if (!name.StartsWith(BdnConsoleLog.FileName, StringComparison.Ordinal) && name != StepLog.FileName)
        {
            File.Copy(file, Path.Combine(to, name));
        }
    }

    foreach (string dir in Directory.GetDirectories(from))
    {
        string name = Path.GetFileName(dir);
        if (name.StartsWith("more-", StringComparison.Ordinal) && int.TryParse(name[5..], CultureInfo.InvariantCulture, out int n) && n >= first)
        {
            continue;
        }

        CopyBefore(dir, Path.Combine(to, name), int.MaxValue);
    }
}
