using LabReport.Charts;
using LabRounds;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>What a section works with: the run, the post's published numbers, where charts go, and a record of what it read.</summary>
public sealed class SectionContext(RunFolder run, PostNumbers published, ChartWriter charts)
{
    /// <summary>A context whose charts go to <paramref name="chartDirectory"/>.</summary>
    public SectionContext(RunFolder run, PostNumbers published, string chartDirectory)
        : this(run, published, new ChartWriter(chartDirectory))
    {
    }

    private readonly List<string> _files = [];
    private readonly Dictionary<string, BenchmarkSet> _sets = new(StringComparer.Ordinal);
    private readonly List<string> _problems = [];

    /// <summary>The run.</summary>
    public RunFolder Run { get; } = run;

    /// <summary>The post's published numbers.</summary>
    public PostNumbers Published { get; } = published;

    /// <summary>False when only the verdicts are wanted (the planner judges the run after every step): no chart is drawn.</summary>
    public bool DrawCharts { get; init; } = true;

    /// <summary>Writes the section's charts (SVG, next to report.md).</summary>
    public ChartWriter Charts { get; } = charts;

    /// <summary>Where the SVG charts are written (the run folder).</summary>
    public string ChartDirectory => Charts.Directory;

    /// <summary>Files read, full paths, in order.</summary>
    public IReadOnlyList<string> Files => _files;

    /// <summary>What could not be read or found, one line each.</summary>
    public IReadOnlyList<string> Problems => _problems;

    /// <summary>The post's folder in the run.</summary>
    public string PostFolder => Run.PostPath(Published.Post);

    /// <summary>The benchmark results of the post's folder or one of its sub-folders ("defended").</summary>
    public BenchmarkSet Benchmarks(string subFolder = "")
    {
        if (_sets.TryGetValue(subFolder, out var loaded))
        {
            return loaded;
        }

        var set = _sets[subFolder] = BenchmarkSet.Load(Path.Combine(PostFolder, subFolder));
        foreach (string f in set.Files)
        {
            Read(f);
        }

        foreach (string p in set.Problems)
        {
            Problem(p);
        }

        return set;
    }

    /// <summary>The result of a benchmark case of the post's run (in its group's sub-folder), or null.</summary>
    public BenchmarkResult? Case(CaseSpec spec)
    {
        ArgumentNullException.ThrowIfNull(spec);
        if (!spec.IsBenchmark)
        {
            throw new InvalidOperationException($"case '{spec}' is a step, not a benchmark: its section reads the step's own files");
        }

        return Benchmarks(spec.Group).Find(spec);
    }

    /// <summary>The result of the claim's <paramref name="index"/>-th case (claims.json's "cases"), or null when the run lacks it.</summary>
    public BenchmarkResult? Case(PublishedClaim claim, int index)
    {
        ArgumentNullException.ThrowIfNull(claim);
        return index < claim.Cases.Count
            ? Case(claim.Cases[index])
            : throw new InvalidOperationException($"claim '{claim.Id}' names {claim.Cases.Count} case(s) in its claims.json; its section reads case {index + 1}");
    }

    /// <summary>A file of the post folder if it exists (recorded as read), else null and a problem "not found".</summary>
    public string? File(string relative)
    {
        if (OptionalFile(relative) is { } path)
        {
            return path;
        }

        Problem($"{Run.Relative(Path.Combine(PostFolder, relative))}: not found");
        return null;
    }

    /// <summary>A file of the post folder if it exists (recorded as read), else null and no problem: a file that older runs lack.</summary>
    public string? OptionalFile(string relative)
    {
        string path = Path.Combine(PostFolder, relative);
        if (!System.IO.File.Exists(path))
        {
            return null;
        }

        Read(path);
        return path;
    }

    /// <summary>Records a file as read (listed with a link in the report).</summary>
    public void Read(string path)
    {
        if (!_files.Contains(path))
        {
            _files.Add(path);
        }
    }

    /// <summary>Records a problem (shown under the post's table).</summary>
    public void Problem(string text)
    {
        if (!_problems.Contains(text))
        {
            _problems.Add(text);
        }
    }
}
