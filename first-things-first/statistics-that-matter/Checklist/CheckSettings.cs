using System.Globalization;
using MeasurementLab;

namespace StatisticsThatMatter.Checklist;

/// <summary>What <c>check</c> was asked: the thresholds, the pairing, Amdahl's pairs and f, and the report files.</summary>
/// <param name="Thresholds">SESOI, alpha and the iteration line.</param>
/// <param name="Pairing">Baselines or pairs named on the command line (none: the reports' markers).</param>
/// <param name="Micro">The micro pair's selector (--micro), or null for the Micro category.</param>
/// <param name="Macro">The macro pair's selector (--macro), or null for the Macro category.</param>
/// <param name="Fraction">f given with --fraction, or null to measure it.</param>
/// <param name="Files">The JSON reports, each checked to exist.</param>
public sealed record CheckSettings(
    CheckThresholds Thresholds, PairingOptions Pairing, string? Micro, string? Macro, double? Fraction, IReadOnlyList<string> Files)
{
    /// <summary>Parses and checks the command line; throws <see cref="UsageException"/> naming what is wrong.</summary>
    public static CheckSettings Parse(string[] args)
    {
        var reader = new OptionReader(args);
        double sesoi = ParseSesoi(reader.String("--sesoi"));
        double alpha = reader.Number("--alpha", ChecklistDefaults.Alpha, min: 0, max: 0.5, exclusiveMin: true);
        int minIterations = (int)reader.Integer("--min-iterations", ChecklistDefaults.MinIterations, min: 2, max: 1_000_000);
        var baselines = SplitList(reader.String("--baseline"), "--baseline");
        var pairs = SplitList(reader.String("--pair"), "--pair").Select(ParsePair).ToList();
        string? micro = reader.String("--micro");
        string? macro = reader.String("--macro");
        string? fractionText = reader.String("--fraction");
        double? fraction = fractionText is null ? null : ParseFraction(fractionText);
        reader.EnsureAllConsumed(maxPositionals: int.MaxValue);
        var files = reader.Positionals;
        if (files.Count == 0)
        {
            throw new UsageException("Give at least one BenchmarkDotNet JSON report (e.g. BenchmarkDotNet.Artifacts/results/*-report-full-annotated.json).");
        }

        if ((micro is null) != (macro is null))
        {
            throw new UsageException("--micro and --macro go together: name both pairs, or neither to use the Micro and Macro categories.");
        }

        foreach (string file in files)
        {
            if (Directory.Exists(file))
            {
                throw new UsageException($"'{file}' is a directory; give the JSON report files in it (BenchmarkDotNet writes them to BenchmarkDotNet.Artifacts/results/).");
            }

            if (!File.Exists(file))
            {
                throw new UsageException($"Report file '{file}' does not exist.");
            }
        }

        return new CheckSettings(new CheckThresholds(sesoi, alpha, minIterations), new PairingOptions(baselines, pairs), micro, macro, fraction, files);
    }

    /// <summary>Parses "5%" or "0.5%" into 0.05 or 0.005.</summary>
    private static double ParseSesoi(string? text)
    {
        if (text is null)
        {
            return ChecklistDefaults.Sesoi;
        }

        string trimmed = text.Trim();
        if (!trimmed.EndsWith('%')
            || !double.TryParse(trimmed[..^1], NumberStyles.Float, CultureInfo.InvariantCulture, out double percent)
            || !double.IsFinite(percent))
        {
            throw new UsageException($"--sesoi needs a percentage such as 5% or 0.5%; got '{text}'.");
        }

        if (!(percent > 0 && percent < 100))
        {
            throw new UsageException($"--sesoi must be greater than 0% and less than 100%; got '{text}'.");
        }

        return percent / 100;
    }

    private static double ParseFraction(string text)
    {
        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || !(value > 0 && value < 1))
        {
            throw new UsageException($"--fraction needs a number greater than 0 and less than 1 (e.g. 0.057); got '{text}'.");
        }

        return value;
    }

    private static List<string> SplitList(string? text, string option)
    {
        if (text is null)
        {
            return [];
        }

        var items = text.Split(',', StringSplitOptions.TrimEntries);
        if (items.Any(i => i.Length == 0))
        {
            throw new UsageException($"{option} has an empty entry in '{text}'; separate method names with commas.");
        }

        return [.. items];
    }

    private static (string Baseline, string Candidate) ParsePair(string text)
    {
        string[] parts = text.Split(':', StringSplitOptions.TrimEntries);
        if (parts.Length != 2 || parts[0].Length == 0 || parts[1].Length == 0 || parts[0] == parts[1])
        {
            throw new UsageException($"--pair needs BASELINE:CANDIDATE with two different method names; got '{text}'.");
        }

        return (parts[0], parts[1]);
    }
}
