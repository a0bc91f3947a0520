using LabReport.Sections;

namespace LabReport.Readme;

/// <summary>
/// <c>readme &lt;run-folder&gt;</c>: writes the run's report, then regenerates every block between the markers in the
/// repository's READMEs from that run (<see cref="ReadmeBlockWriter"/>), so no README carries a hand-typed measurement.
/// </summary>
public static class ReadmeCommand
{
    /// <summary>Opening marker of a post's verdicts block.</summary>
    public const string Begin = ReadmeBlock.BeginPrefix + " " + ReadmeBlock.Note + " -->";

    /// <summary>Closing marker of every block.</summary>
    public const string End = ReadmeBlock.End;

    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport readme <run-folder>

        Writes the run's report.md and charts (as 'report' does), then regenerates every block between
        <!-- measured-here:begin SPEC --> and <!-- measured-here:end --> in README.md, first-things-first/*/README.md
        and shared/*/README.md from the run. SPEC:
          (none)                                  the verdicts of the README's post (or the engine's) and its charts
          table FILE[#ANCHOR] [COLUMN, COLUMN...]  the tables of the run's FILE (under one heading, by its GitHub
                                                  anchor), e.g. table why-benchmarks-lie/latency.txt
          section FILE#ANCHOR                     the text under that heading of the run's markdown FILE
          text FILE                               a plain-text output of the run, as a code block
          environment ROW; ROW...                 those rows of the run's environment.md
        A block the run cannot fill (a post or file it lacks) keeps what an earlier run wrote, with a warning.
        The run folder must be inside the repository (results/<machine>/<run>) so the links work from the READMEs.
        """;

    /// <summary>Runs the command; returns the exit code.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var options = new OptionReader(args);
        options.EnsureAllConsumed(maxPositionals: 1);
        string folder = options.Positionals.FirstOrDefault() ?? throw new UsageException("readme needs a run folder, e.g. results/<machine>/<run>");
        var run = RunFolder.Open(folder);
        string? root = RepositoryRoot(run.Path) ?? throw new UsageException($"{folder}: not inside the repository (no first-things-first/ above it)");
        int code = ReportCommand.Run([run.Path], output, error);
        if (code != 0)
        {
            return code;
        }

        // Several sections may speak for one post (post 5's claims and the cache sweep next to them): one block holds
        // them all, or the last one written would replace the others.
        var verdicts = ReportCommand.Build(run, run.Path).GroupBy(p => p.Post).ToDictionary(g => g.Key, g => Merge([.. g]));
        var writer = new ReadmeBlockWriter(run, root, verdicts);
        var filled = new HashSet<string>(StringComparer.Ordinal);
        foreach (string readme in Readmes(root))
        {
            if (Regenerate(readme, root, writer, error) is { } posts)
            {
                filled.UnionWith(posts);
                output.WriteLine(readme);
            }
        }

        foreach (string post in verdicts.Values.Where(v => v.Present && !filled.Contains(v.Post)).Select(v => v.Post))
        {
            error.WriteLine($"warning: the run's {post} verdicts have no README block; add '{Begin}' … '{End}' to its README where they belong");
        }

        return 0;
    }

    /// <summary>The text with the first verdicts block replaced by <paramref name="block"/>, or null when it has none.</summary>
    public static string? Replace(string text, string block)
    {
        ArgumentNullException.ThrowIfNull(text);
        var first = ReadmeBlock.FindAll(text).FirstOrDefault(b => b.Kind == ReadmeBlock.Verdicts);
        return first is null ? null : ReadmeBlock.Fill(text, b => b == first ? block : null);
    }

    /// <summary>
    /// The READMEs whose blocks a run fills: the root's, each post's, each shared library's and each tool's, and the pages of their
    /// docs/ folders (the front pages stay short; the detail, blocks included, lives there).
    /// </summary>
    public static IEnumerable<string> Readmes(string root)
    {
        ArgumentNullException.ThrowIfNull(root);
        IEnumerable<string> Docs(string folder) => Directory.Exists(Path.Combine(folder, "docs"))
            ? Directory.GetFiles(Path.Combine(folder, "docs"), "*.md").Order(StringComparer.Ordinal)
            : [];
        IEnumerable<string> Under(string folder) => Directory.Exists(Path.Combine(root, folder))
            ? Directory.GetDirectories(Path.Combine(root, folder)).Order(StringComparer.Ordinal)
                .SelectMany(d => Docs(d).Prepend(Path.Combine(d, "README.md")))
            : [];
        return Under("first-things-first").Concat(Under("shared")).Concat(Under("tools")).Prepend(Path.Combine(root, "README.md")).Concat(Docs(root)).Where(File.Exists);
    }

    // Rewrites one README; returns the posts whose verdicts it holds, or null when it has no block.
    private static IReadOnlyList<string>? Regenerate(string readme, string root, ReadmeBlockWriter writer, TextWriter error)
    {
        string text = File.ReadAllText(readme);
        IReadOnlyList<ReadmeBlock> blocks;
        try
        {
            blocks = ReadmeBlock.FindAll(text);
        }
        catch (FormatException e)
        {
            error.WriteLine($"warning: {readme}: left as it is ({e.Message})");
            return null;
        }

        if (blocks.Count == 0)
        {
            return null;
        }

        string updated = ReadmeBlock.Fill(text, block =>
        {
            var (content, problem) = writer.Content(block, readme);
            if (problem is not null)
            {
                error.WriteLine($"warning: {readme}: block '{block.Spec}' left as it is ({problem})");
            }

            return content;
        });
        if (updated != text)
        {
            File.WriteAllText(readme, updated);
        }

        return blocks.Any(b => b.Kind == ReadmeBlock.Verdicts) && ReadmeBlockWriter.PostOf(root, readme) is { } post ? [post] : [];
    }

    // The sections present, in order: their claims in one table, then every chart.
    private static PostReport Merge(IReadOnlyList<PostReport> sections)
    {
        var present = sections.Where(s => s.Present).ToList();
        var first = present.FirstOrDefault() ?? sections[0];
        return first with { Present = present.Count > 0, Rows = [.. present.SelectMany(s => s.Rows)], Charts = [.. present.SelectMany(s => s.Charts)] };
    }

    private static string? RepositoryRoot(string path)
    {
        for (var dir = new DirectoryInfo(path); dir is not null; dir = dir.Parent)
        {
            if (Directory.Exists(Path.Combine(dir.FullName, "first-things-first")))
            {
                return dir.FullName;
            }
        }

        return null;
    }
}
