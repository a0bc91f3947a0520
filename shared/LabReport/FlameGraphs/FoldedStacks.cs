using System.Globalization;

namespace LabReport.FlameGraphs;

/// <summary>One frame of a flame graph: its name, the samples of the stacks through it, and the frames it called.</summary>
public sealed class FlameFrame(string name)
{
    private readonly SortedDictionary<string, FlameFrame> _children = new(StringComparer.Ordinal);

    /// <summary>The frame's name as perf and the runtime's perf map gave it.</summary>
    public string Name { get; } = name;

    /// <summary>Samples whose stack passes through this frame.</summary>
    public long Samples { get; private set; }

    /// <summary>Samples whose stack ends here (self time).</summary>
    public long Self => Samples - _children.Values.Sum(c => c.Samples);

    /// <summary>The frames called from here, in name order (a flame graph's x order means nothing else).</summary>
    public IEnumerable<FlameFrame> Children => _children.Values;

    /// <summary>Frames from this one to its deepest leaf (this one counts 1).</summary>
    public int Depth => 1 + (_children.Count == 0 ? 0 : _children.Values.Max(c => c.Depth));

    internal void Add(IReadOnlyList<string> stack, int from, long samples)
    {
        Samples += samples;
        if (from < stack.Count)
        {
            if (!_children.TryGetValue(stack[from], out var child))
            {
                child = new FlameFrame(stack[from]);
                _children.Add(stack[from], child);
            }

            child.Add(stack, from + 1, samples);
        }
    }
}

/// <summary>
/// Folded stacks, the format of perf-based profilers' collapsers ("root;caller;...;leaf count" per line): the stacks with
/// their sample counts and the tree they make.
/// </summary>
public sealed class FoldedStacks
{
    private FoldedStacks(IReadOnlyList<(IReadOnlyList<string> Frames, long Samples)> stacks)
    {
        Stacks = stacks;
        Root = new FlameFrame("all");
        foreach (var (frames, samples) in stacks)
        {
            Root.Add(frames, 0, samples);
        }
    }

    /// <summary>Each line's stack (root first) and sample count, in file order.</summary>
    public IReadOnlyList<(IReadOnlyList<string> Frames, long Samples)> Stacks { get; }

    /// <summary>A frame above every stack ("all"), whose samples are the total.</summary>
    public FlameFrame Root { get; }

    /// <summary>
    /// The same samples with each stack rewritten as a reader needs it: the process name perf cut to 15 characters (the
    /// kernel's comm) made whole from the executable's own frame ("[HardwareCounters]"), and each run of one unnamed
    /// native frame ("[libcoreclr.so]" five times: a library without symbols) made one frame.
    /// </summary>
    public FoldedStacks ForReading()
    {
        // The whole name, from any stack that runs through the executable's frame: the stacks without one (the loader's,
        // the kernel's) are the same process.
        var whole = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var (frames, _) in Stacks)
        {
            if (frames[0].Length == CommLength && !whole.ContainsKey(frames[0])
                && frames.FirstOrDefault(f => f.Length > CommLength + 2 && f.StartsWith('[') && f.EndsWith(']') && f.AsSpan(1).StartsWith(frames[0], StringComparison.Ordinal)) is { } executable)
            {
                whole[frames[0]] = executable[1..^1];
            }
        }

        return new([.. Stacks.Select(s => (Readable(s.Frames, whole), s.Samples))]);
    }

    // perf's comm is at most 15 characters (TASK_COMM_LEN less its terminator).
    private const int CommLength = 15;

    private static IReadOnlyList<string> Readable(IReadOnlyList<string> frames, Dictionary<string, string> whole)
    {
        var result = new List<string>(frames.Count);
        foreach (string frame in frames)
        {
            bool unnamed = frame.StartsWith('[') && frame.EndsWith(']');
            if (unnamed && result.Count > 0 && result[^1] == frame)
            {
                continue;
            }

            result.Add(frame);
        }

        if (whole.TryGetValue(result[0], out string? name))
        {
            result[0] = name;
        }

        return result;
    }

    /// <summary>Reads a folded file; <see cref="InvalidDataException"/> names the file and line of anything else.</summary>
    public static FoldedStacks Load(string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        return Parse(File.ReadLines(path), path);
    }

    /// <summary>Parses folded lines; <paramref name="source"/> names them in errors.</summary>
    public static FoldedStacks Parse(IEnumerable<string> lines, string source)
    {
        ArgumentNullException.ThrowIfNull(lines);
        var stacks = new List<(IReadOnlyList<string>, long)>();
        int number = 0;
        foreach (string line in lines)
        {
            number++;
            if (line.Trim().Length == 0)
            {
                continue;
            }

            int space = line.LastIndexOf(' ');
            if (space <= 0 || !long.TryParse(line.AsSpan(space + 1), NumberStyles.None, CultureInfo.InvariantCulture, out long samples) || samples <= 0)
            {
                throw new InvalidDataException($"{source}:{number}: not a folded stack (\"frame;frame;... count\" with a positive count)");
            }

            string[] frames = line[..space].Split(';');
            if (frames.Any(f => f.Length == 0))
            {
                throw new InvalidDataException($"{source}:{number}: an empty frame name (two ';' in a row)");
            }

            stacks.Add((frames, samples));
        }

        if (stacks.Count == 0)
        {
            throw new InvalidDataException($"{source}: no samples (an empty folded file)");
        }

        return new FoldedStacks(stacks);
    }
}
