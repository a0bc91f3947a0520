using System.Text.RegularExpressions;

namespace LabReport.RunFiles;

/// <summary>
/// What <c>LabReport archive</c> leaves in a run folder, and the rules that read it back: a reference run keeps its raw
/// BenchmarkDotNet reports gzipped in place (x.json → x.json.gz), every other run keeps only its summary files.
/// results/README.md names the reference runs between <see cref="ReferencesBegin"/> and <see cref="ReferencesEnd"/>.
/// </summary>
public static partial class RunArchive
{
    /// <summary>The marker before the list of reference runs in results/README.md.</summary>
    public const string ReferencesBegin = "<!-- references -->";

    /// <summary>The marker after it.</summary>
    public const string ReferencesEnd = "<!-- /references -->";

    /// <summary>The extension a gzipped raw file gets.</summary>
    public const string GzSuffix = ".gz";

    /// <summary>
    /// The files a summary-only run keeps at its root: its verdicts, its report as text, what ran, where and how long.
    /// Any other root-level markdown (a run's own notes) stays too: it is small and is how the run is read.
    /// </summary>
    public static readonly IReadOnlySet<string> SummaryFiles = new HashSet<string>(StringComparer.Ordinal)
    {
        "verdicts.json", "report.md", "timings.md", "environment.md", "machine.json", "probe.csv", "rounds.md", "command.txt",
    };

    // BenchmarkDotNet's raw output (full JSON and CSV exports) and every log: the bulk of a run, read by no page.
    private static readonly string[] RawSuffixes = ["-report-full.json", "-report-full-annotated.json", "-report-full-compressed.json", "-report.csv", ".log"];

    // Files whose text may carry the paths of the machine that wrote them.
    private static readonly string[] TextExtensions = [".md", ".html", ".txt", ".json", ".csv", ".log", ".tsv", ".out", ".stderr"];

    /// <summary>True for a raw file <c>archive</c> gzips (not yet gzipped).</summary>
    public static bool IsRaw(string path) => RawSuffixes.Any(s => path.EndsWith(s, StringComparison.Ordinal));

    /// <summary>True when <paramref name="path"/> is a BenchmarkDotNet report, plain or gzipped: what makes a run complete.</summary>
    public static bool IsBenchmarkReport(string path)
    {
        string name = path.EndsWith(GzSuffix, StringComparison.Ordinal) ? path[..^GzSuffix.Length] : path;
        return name.EndsWith("-report-github.md", StringComparison.Ordinal) || (IsRaw(name) && !name.EndsWith(".log", StringComparison.Ordinal));
    }

    /// <summary>The file at <paramref name="path"/>, or its copy gzipped in place by <c>archive</c>, or null when neither exists.</summary>
    public static string? Find(string path) =>
        File.Exists(path) ? path : File.Exists(path + GzSuffix) ? path + GzSuffix : null;

    /// <summary>The lines of a run's text file, read through gzip when its name ends in <see cref="GzSuffix"/>.</summary>
    public static IEnumerable<string> ReadLines(string path)
    {
        using var file = File.OpenRead(path);
        using Stream text = path.EndsWith(GzSuffix, StringComparison.Ordinal)
            ? new System.IO.Compression.GZipStream(file, System.IO.Compression.CompressionMode.Decompress)
            : file;
        using var reader = new StreamReader(text);
        while (reader.ReadLine() is { } line)
        {
            yield return line;
        }
    }

    /// <summary>True when the run folder holds no BenchmarkDotNet report at all (archived with --summary, or never had any).</summary>
    public static bool IsSummaryOnly(string runPath) =>
        !Directory.EnumerateFiles(runPath, "*", SearchOption.AllDirectories).Any(IsBenchmarkReport);

    /// <summary>The runs ("machine/run") listed between the markers of a results/README.md text; empty without markers.</summary>
    public static IReadOnlyList<string> References(string readmeText)
    {
        ArgumentNullException.ThrowIfNull(readmeText);
        int begin = readmeText.IndexOf(ReferencesBegin, StringComparison.Ordinal);
        int end = begin < 0 ? -1 : readmeText.IndexOf(ReferencesEnd, begin, StringComparison.Ordinal);
        if (end < 0)
        {
            return [];
        }

        // Each listed run is named as a code span or link text "machine/run" (a path with results/ in front is accepted).
        return [.. RunName().Matches(readmeText[begin..end]).Select(m => m.Groups["run"].Value).Distinct(StringComparer.Ordinal)];
    }

    /// <summary>The reference runs of the results/ folder that holds <paramref name="runPath"/> (results/MACHINE/RUN), or null when it has no README.</summary>
    public static IReadOnlyList<string>? ReferencesOf(string runPath)
    {
        string? results = Path.GetDirectoryName(Path.GetDirectoryName(Path.GetFullPath(runPath).TrimEnd(Path.DirectorySeparatorChar)));
        string? readme = results is null ? null : Path.Combine(results, "README.md");
        return readme is not null && File.Exists(readme) ? References(File.ReadAllText(readme)) : null;
    }

    /// <summary>The run's name as results/README.md lists it: "machine/run".</summary>
    public static string NameOf(string runPath)
    {
        string full = Path.GetFullPath(runPath).TrimEnd(Path.DirectorySeparatorChar);
        return $"{Path.GetFileName(Path.GetDirectoryName(full))}/{Path.GetFileName(full)}";
    }

    /// <summary>
    /// Replaces the absolute paths of the machine that wrote a file: a path into a results/ folder becomes repo-relative
    /// ("/var/tmp/x/results/m/r/a.md" → "results/m/r/a.md"), any other temporary path becomes "&lt;temp&gt;/…".
    /// </summary>
    public static string StripMachinePaths(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        string relative = IntoResults().Replace(text, "results/");
        return TempPath().Replace(relative, "<temp>");
    }

    /// <summary>True for a file whose text <see cref="StripMachinePaths"/> applies to.</summary>
    public static bool IsText(string path)
    {
        string name = path.EndsWith(GzSuffix, StringComparison.Ordinal) ? path[..^GzSuffix.Length] : path;
        return TextExtensions.Contains(Path.GetExtension(name), StringComparer.Ordinal);
    }

    [GeneratedRegex(@"`(?:results/)?(?<run>[A-Za-z0-9._-]+/[A-Za-z0-9._-]+)/?`")]
    private static partial Regex RunName();

    // An absolute path (at least two segments) ending in /results/: a run folder seen from the machine that wrote it.
    [GeneratedRegex(@"(?<![\w.~/-])(?:/[\w.~+-]+)+/results/")]
    private static partial Regex IntoResults();

    // A path under /tmp or /var/tmp with at least one more segment ("/var/tmp: ext4", a mount point, stays).
    [GeneratedRegex(@"(?<![\w.~/-])(?:/var)?/tmp(?:/[\w.~+-]+)+")]
    private static partial Regex TempPath();
}
