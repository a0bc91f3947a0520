using System.Globalization;
using MeasurementLab;

namespace LabReport;

/// <summary>
/// <c>probe --label L --append FILE</c>: times the drift probe (<see cref="DriftProbe"/>) and appends one row to a run's
/// <c>probe.csv</c>. <c>scripts/run-all.sh</c> calls it before the first post (label <c>start</c>) and after each post
/// (the post's folder name), so the report can tell which posts ran while the machine changed speed.
/// </summary>
public static class ProbeCommand
{
    /// <summary>The file's name in a run folder.</summary>
    public const string FileName = "probe.csv";

    /// <summary>Its header.</summary>
    public const string Header = "label,utc,cpu_ns,memory_ns";

    /// <summary>Usage of the command.</summary>
    public static readonly string Usage = $"""
        Usage: LabReport probe --label LABEL [--append FILE]

        Times the lab's drift probe: a CPU-bound loop of dependent integer steps (ns per step) and a random pointer chase
        over {DriftProbe.MemoryBytes >> 20} MiB (ns per load), each the median of {DriftProbe.Repeats} passes; about a second. Prints one CSV row
        ({Header}); with --append, adds it to FILE (created with its header when new). scripts/run-all.sh
        writes <run>/{FileName}: "start" before the first post, then one row per post, labelled with its folder name.
          --label LABEL   letters, digits, '.', '_' or '-'
          --append FILE   the CSV file to add the row to
        """;

    /// <summary>Runs the command; returns the exit code.</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        var options = new OptionReader(args);
        string label = options.String("--label") ?? throw new UsageException("probe needs --label LABEL");
        string? file = options.String("--append");
        options.EnsureAllConsumed(maxPositionals: 0);
        if (label.Length == 0 || !label.All(c => char.IsAsciiLetterOrDigit(c) || c is '.' or '_' or '-'))
        {
            throw new UsageException($"--label must be letters, digits, '.', '_' or '-' (got '{label}')");
        }

        if (file is not null && Path.GetDirectoryName(Path.GetFullPath(file)) is { } dir && !Directory.Exists(dir))
        {
            throw new UsageException($"--append {file}: the directory {dir} does not exist");
        }

        var reading = DriftProbe.Measure();
        string row = string.Create(CultureInfo.InvariantCulture,
            $"{label},{DateTime.UtcNow:yyyy-MM-ddTHH:mm:ssZ},{reading.CpuNs:0.0000},{reading.MemoryNs:0.00}");
        if (file is not null)
        {
            bool fresh = !File.Exists(file) || new FileInfo(file).Length == 0;
            File.AppendAllText(file, (fresh ? Header + "\n" : "") + row + "\n");
        }

        output.WriteLine(row);
        return 0;
    }
}
