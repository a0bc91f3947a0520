using System.IO.Compression;
using System.Text.RegularExpressions;
using LabReport.RunFiles;
using MeasurementLab;

namespace LabReport;

/// <summary>
/// <c>archive RUN [--summary]</c>: makes a run folder lean enough to commit. Without --summary (a reference run) its
/// raw BenchmarkDotNet reports and logs are gzipped in place and the run's pages link to the .gz names; with --summary
/// only the summary files stay (<see cref="RunArchive.SummaryFiles"/>). Both strip the absolute paths of the machine
/// that made the run. Running it again changes nothing more.
/// </summary>
public static partial class ArchiveCommand
{
    /// <summary>Usage of the command.</summary>
    public static readonly string Usage = $"""
        Usage: LabReport archive <run-folder> [--summary]
               LabReport archive --all [results-folder]

        Gzips the run's raw BenchmarkDotNet reports (full JSON, CSV) and logs in place (x.json -> x.json.gz), points the
        links of its .md and .html files at the .gz names, and replaces the absolute paths of the machine that made it
        (a path into results/ becomes repo-relative, any other temporary path "<temp>"). report, stability and the
        README blocks read the .gz files as they are. Safe to run again.
          --summary   keep only {string.Join(", ", RunArchive.SummaryFiles.Order(StringComparer.Ordinal))} and the
                      run's other root .md files; links to removed files become plain text. Refused for a run that
                      results/README.md lists between {RunArchive.ReferencesBegin} and {RunArchive.ReferencesEnd}.
          --all       every results/<machine>/<run> by that list: a listed run archived, any other run reduced to its
                      summary (a run with no raw report left only has its paths stripped), and point the links
                      of the repository's .md files (the folder above results/) at the files gzipped
        """;

    /// <summary>Runs the command; returns the exit code (0 done, 2 bad input or a reference run given --summary).</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var options = new OptionReader(args);
        bool summary = options.Flag("--summary");
        bool all = options.Flag("--all");
        options.EnsureAllConsumed(maxPositionals: 1);
        if (all)
        {
            if (summary)
            {
                throw new UsageException("--all decides per run from results/README.md: give it without --summary");
            }

            return ApplyRule(options.Positionals.Count == 1 ? options.Positionals[0] : "results", output, error);
        }

        if (options.Positionals.Count != 1)
        {
            throw new UsageException("archive needs one run folder, e.g. results/<machine>/<run>");
        }

        var run = RunFolder.Open(options.Positionals[0]);
        string name = RunArchive.NameOf(run.Path);
        if (summary && RunArchive.ReferencesOf(run.Path) is { } references && references.Contains(name))
        {
            error.WriteLine($"error: {name} is a reference run (listed in results/README.md): it keeps its raw files; " +
                "archive it without --summary, or take it off the list first");
            return LabEntryPoint.UsageExitCode;
        }

        var counts = summary ? Summarize(run.Path) : Compress(run.Path);
        output.WriteLine($"{name}: {counts.Gzipped} gzipped, {counts.Removed} removed, {counts.Rewritten} rewritten" +
            (summary ? " (summary only)" : ""));
        return 0;
    }

    // --all: every results/MACHINE/RUN by the rule of results/README.md; a run with no raw report left (summary-only, an
    // ab or stability folder) only has its machine paths stripped.
    private static int ApplyRule(string resultsPath, TextWriter output, TextWriter error)
    {
        string readme = Path.Combine(resultsPath, "README.md");
        if (!File.Exists(readme))
        {
            throw new UsageException($"{readme}: no such file (it lists the reference runs between {RunArchive.ReferencesBegin} and {RunArchive.ReferencesEnd})");
        }

        var references = RunArchive.References(File.ReadAllText(readme));
        if (references.Count == 0)
        {
            error.WriteLine($"error: {readme} lists no reference run between {RunArchive.ReferencesBegin} and {RunArchive.ReferencesEnd}: nothing archived");
            return LabEntryPoint.UsageExitCode;
        }

        var runs = Directory.GetDirectories(resultsPath).SelectMany(Directory.GetDirectories).Order(StringComparer.Ordinal).ToList();
        if (references.FirstOrDefault(r => !runs.Any(run => RunArchive.NameOf(run) == r)) is { } absent)
        {
            error.WriteLine($"error: {absent}, listed as a reference in {readme}, is not a run folder there: nothing archived");
            return LabEntryPoint.UsageExitCode;
        }

        foreach (string run in runs)
        {
            string name = RunArchive.NameOf(run);
            var (counts, what) = references.Contains(name) ? (Compress(run), "reference")
                : RunArchive.IsSummaryOnly(run) ? (new Counts(0, 0, StripPaths(run)), "no raw reports")
                : (Summarize(run), "summary only");
            output.WriteLine($"{name}: {counts.Gzipped} gzipped, {counts.Removed} removed, {counts.Rewritten} rewritten ({what})");
        }

        string root = Path.GetDirectoryName(Path.GetFullPath(resultsPath).TrimEnd(Path.DirectorySeparatorChar))!;
        output.WriteLine($"links to gzipped files: {RelinkRepository(root)} markdown files of {root} rewritten");

        return 0;
    }

    /// <summary>What one archive pass did.</summary>
    public readonly record struct Counts(int Gzipped, int Removed, int Rewritten);

    /// <summary>A reference run: strip machine paths, gzip the raw files, point links at them.</summary>
    public static Counts Compress(string runPath)
    {
        ArgumentNullException.ThrowIfNull(runPath);
        int rewritten = StripPaths(runPath);
        int gzipped = 0;
        foreach (string file in Files(runPath).Where(RunArchive.IsRaw))
        {
            Gzip(file);
            gzipped++;
        }

        rewritten += RelinkPages(runPath, unlinkMissing: false);
        return new Counts(gzipped, 0, rewritten);
    }

    /// <summary>Any other run: strip machine paths, keep the summary files only, unlink what they pointed at.</summary>
    public static Counts Summarize(string runPath)
    {
        ArgumentNullException.ThrowIfNull(runPath);
        int removed = 0;
        foreach (string dir in Directory.GetDirectories(runPath))
        {
            removed += Directory.GetFiles(dir, "*", SearchOption.AllDirectories).Length;
            Directory.Delete(dir, recursive: true);
        }

        foreach (string file in Directory.GetFiles(runPath).Where(f => !Keeps(Path.GetFileName(f))))
        {
            File.Delete(file);
            removed++;
        }

        int rewritten = StripPaths(runPath);
        rewritten += RelinkPages(runPath, unlinkMissing: true);
        return new Counts(0, removed, rewritten);
    }

    private static bool Keeps(string fileName) =>
        RunArchive.SummaryFiles.Contains(fileName) || fileName.EndsWith(".md", StringComparison.Ordinal);

    private static IEnumerable<string> Files(string runPath) =>
        Directory.GetFiles(runPath, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal);

    // Rewrites the plain text files that name the machine's paths (gzipped ones were stripped before they were gzipped).
    private static int StripPaths(string runPath)
    {
        int rewritten = 0;
        foreach (string file in Files(runPath).Where(f => RunArchive.IsText(f) && !f.EndsWith(RunArchive.GzSuffix, StringComparison.Ordinal)))
        {
            string text = File.ReadAllText(file);
            string stripped = RunArchive.StripMachinePaths(text);
            if (stripped != text)
            {
                File.WriteAllText(file, stripped);
                rewritten++;
            }
        }

        return rewritten;
    }

    private static void Gzip(string file)
    {
        string target = file + RunArchive.GzSuffix;
        // Written beside and moved into place: an interrupted run leaves the raw file, never a truncated .gz.
        string partial = target + ".partial";
        using (var source = File.OpenRead(file))
        using (var destination = File.Create(partial))
        using (var gzip = new GZipStream(destination, CompressionLevel.SmallestSize))
        {
            source.CopyTo(gzip);
        }

        File.Move(partial, target, overwrite: true);
        File.Delete(file);
    }

    // Points the links of every .md/.html page at the gzipped name of a file that moved, or (unlinkMissing) turns a
    // markdown link to a removed file into its text.
    private static int RelinkPages(string runPath, bool unlinkMissing) =>
        RelinkPages(Files(runPath).Where(f => f.EndsWith(".md", StringComparison.Ordinal) || f.EndsWith(".html", StringComparison.Ordinal)), unlinkMissing);

    /// <summary>
    /// Points the links of the repository's markdown (outside build output) at the gzipped names of files that moved, so
    /// a README that links a reference run's run.log still finds it as run.log.gz; returns the files rewritten.
    /// </summary>
    public static int RelinkRepository(string root)
    {
        ArgumentNullException.ThrowIfNull(root);
        string[] skipped = [".git", "bin", "obj", "node_modules"];
        IEnumerable<string> Pages(string dir) =>
            Directory.GetFiles(dir, "*.md").Order(StringComparer.Ordinal).Concat(Directory.GetDirectories(dir)
                .Where(d => !skipped.Contains(Path.GetFileName(d), StringComparer.Ordinal)).Order(StringComparer.Ordinal).SelectMany(Pages));
        return RelinkPages(Pages(root), unlinkMissing: false);
    }

    private static int RelinkPages(IEnumerable<string> pages, bool unlinkMissing)
    {
        int rewritten = 0;
        foreach (string page in pages)
        {
            string dir = Path.GetDirectoryName(page)!;
            string text = File.ReadAllText(page);
            string relinked = MarkdownLink().Replace(text, m => Relink(dir, m.Groups["target"].Value) switch
            {
                Link.Moved => $"{m.Groups["bang"].Value}[{m.Groups["text"].Value}]({m.Groups["target"].Value}{RunArchive.GzSuffix}{m.Groups["anchor"].Value})",
                Link.Removed when unlinkMissing => m.Groups["text"].Value,
                _ => m.Value,
            });
            relinked = HtmlLink().Replace(relinked, m => Relink(dir, m.Groups["target"].Value) == Link.Moved
                ? $"{m.Groups["attr"].Value}=\"{m.Groups["target"].Value}{RunArchive.GzSuffix}{m.Groups["anchor"].Value}\""
                : m.Value);
            if (relinked != text)
            {
                File.WriteAllText(page, relinked);
                rewritten++;
            }
        }

        return rewritten;
    }

    private enum Link
    {
        Kept,
        Moved,
        Removed,
    }

    private static Link Relink(string dir, string target)
    {
        if (target.Length == 0 || target.Contains("://", StringComparison.Ordinal) || target.StartsWith('/') || target.StartsWith("mailto:", StringComparison.Ordinal))
        {
            return Link.Kept;
        }

        string path = Path.GetFullPath(Path.Combine(dir, Uri.UnescapeDataString(target)));
        if (File.Exists(path) || Directory.Exists(path))
        {
            return Link.Kept;
        }

        return File.Exists(path + RunArchive.GzSuffix) ? Link.Moved : Link.Removed;
    }

    // [text](target#anchor) or ![alt](target): the target has no spaces or parentheses (the report writes none).
    [GeneratedRegex(@"(?<bang>!?)\[(?<text>[^\]\n]*)\]\((?<target>[^)\s#]*)(?<anchor>#[^)\s]*)?\)")]
    private static partial Regex MarkdownLink();

    [GeneratedRegex(@"(?<attr>href|src)=""(?<target>[^""#]*)(?<anchor>#[^""]*)?""")]
    private static partial Regex HtmlLink();
}
