using System.Globalization;

namespace MeasurementLab;

/// <summary>
/// Strict reader for sub-command arguments: <c>--name value</c>, <c>--name=value</c>, flags and positionals.
/// Read every option first (each getter validates its value and says what is allowed), then the positionals;
/// <see cref="EnsureAllConsumed"/> rejects whatever nobody asked for, so a misspelled flag is an error, not a default.
/// </summary>
public sealed class OptionReader
{
    private readonly string[] _tokens;
    private readonly bool[] _consumed;

    /// <summary>Wraps the arguments of a sub-command (without the sub-command's own name).</summary>
    public OptionReader(IEnumerable<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        _tokens = args.ToArray();
        _consumed = new bool[_tokens.Length];
        HelpRequested = _tokens.Any(t => t is "--help" or "-h" or "-?");
    }

    /// <summary>True when --help, -h or -? was given.</summary>
    public bool HelpRequested { get; }

    /// <summary>Arguments not consumed by an option, in order (read options first).</summary>
    public IReadOnlyList<string> Positionals =>
        _tokens.Where((t, i) => !_consumed[i] && !LooksLikeOption(t)).ToList();

    /// <summary>True when the flag is present.</summary>
    public bool Flag(string name)
    {
        int at = Find(name, out string? inline);
        if (at < 0)
        {
            return false;
        }

        if (inline is not null)
        {
            throw new UsageException($"Option {name} is a flag and takes no value (got '{inline}').");
        }

        _consumed[at] = true;
        return true;
    }

    /// <summary>A string option, or <paramref name="defaultValue"/> when absent.</summary>
    public string? String(string name, string? defaultValue = null)
    {
        int at = Find(name, out string? inline);
        if (at < 0)
        {
            return defaultValue;
        }

        _consumed[at] = true;
        if (inline is not null)
        {
            if (inline.Length == 0)
            {
                throw new UsageException($"Option {name} needs a value.");
            }

            return inline;
        }

        if (at + 1 >= _tokens.Length || _consumed[at + 1] || LooksLikeOption(_tokens[at + 1]))
        {
            throw new UsageException($"Option {name} needs a value.");
        }

        _consumed[at + 1] = true;
        return _tokens[at + 1];
    }

    /// <summary>A whole-number option within [<paramref name="min"/>, <paramref name="max"/>]; underscores are allowed (1_000_000).</summary>
    public long Integer(string name, long defaultValue, long min = long.MinValue, long max = long.MaxValue)
    {
        string? text = String(name);
        return text is null ? defaultValue : ParseInteger("Option " + name, text, min, max);
    }

    /// <summary>A number option within [<paramref name="min"/>, <paramref name="max"/>]; <paramref name="exclusiveMin"/> excludes the minimum itself.</summary>
    public double Number(string name, double defaultValue, double min = double.MinValue, double max = double.MaxValue, bool exclusiveMin = false)
    {
        string? text = String(name);
        if (text is null)
        {
            return defaultValue;
        }

        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || !double.IsFinite(value))
        {
            throw new UsageException($"Option {name} needs a number; got '{text}'.");
        }

        if (value < min || value > max || (exclusiveMin && value <= min))
        {
            throw new UsageException($"Option {name} must be {DescribeRange(min, max, exclusiveMin)}; got {text}.");
        }

        return value;
    }

    /// <summary>
    /// A comma-separated list of whole numbers, each within [<paramref name="min"/>, <paramref name="max"/>] and
    /// accepted by <paramref name="check"/> (which throws <see cref="ArgumentException"/> naming the rule it enforces).
    /// </summary>
    public IReadOnlyList<int> IntegerList(string name, IReadOnlyList<int> defaultValue, int min, int max, Action<int>? check = null)
    {
        ArgumentNullException.ThrowIfNull(defaultValue);
        string? text = String(name);
        if (text is null)
        {
            return defaultValue;
        }

        var values = new List<int>();
        foreach (string part in text.Split(',', StringSplitOptions.TrimEntries))
        {
            if (part.Length == 0)
            {
                throw new UsageException($"Option {name} needs comma-separated whole numbers such as {string.Join(",", defaultValue)}; got '{text}'.");
            }

            int value = (int)ParseInteger("Option " + name + " entry", part, min, max);
            try
            {
                check?.Invoke(value);
            }
            catch (ArgumentException e)
            {
                throw new UsageException($"Option {name}: {e.Message}");
            }

            values.Add(value);
        }

        return values;
    }

    /// <summary>A directory option that must already exist (an input such as a copy of sysfs).</summary>
    public string ExistingDirectory(string name, string defaultValue)
    {
        string path = String(name, defaultValue)!;
        if (!Directory.Exists(path))
        {
            throw new UsageException($"Option {name}: directory '{path}' does not exist.");
        }

        return path;
    }

    /// <summary>Parses a whole number argument (positional or option value) with the same rules and messages as <see cref="Integer"/>.</summary>
    public static long ParseInteger(string what, string text, long min = long.MinValue, long max = long.MaxValue)
    {
        string digits = text.Replace("_", "", StringComparison.Ordinal);
        if (!long.TryParse(digits, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long value))
        {
            bool tooLarge = digits.Length > 1 && digits.TrimStart('-', '+').All(char.IsAsciiDigit);
            throw new UsageException(tooLarge
                ? $"{what} must be {DescribeRange(min, max, exclusiveMin: false)}; got {text}."
                : $"{what} needs a whole number; got '{text}'.");
        }

        if (value < min || value > max)
        {
            throw new UsageException($"{what} must be {DescribeRange(min, max, exclusiveMin: false)}; got {value}.");
        }

        return value;
    }

    /// <summary>Rejects unknown options and more than <paramref name="maxPositionals"/> positional arguments.</summary>
    public void EnsureAllConsumed(int maxPositionals = 0)
    {
        var unknown = _tokens.Where((t, i) => !_consumed[i] && LooksLikeOption(t) && t is not ("--help" or "-h" or "-?")).ToList();
        if (unknown.Count > 0)
        {
            throw new UsageException($"Unknown option{(unknown.Count > 1 ? "s" : "")}: {string.Join(", ", unknown)}.");
        }

        var positionals = Positionals;
        if (positionals.Count > maxPositionals)
        {
            throw new UsageException($"Unexpected argument{(positionals.Count - maxPositionals > 1 ? "s" : "")}: {string.Join(" ", positionals.Skip(maxPositionals))}.");
        }
    }

    private int Find(string name, out string? inline)
    {
        inline = null;
        int found = -1;
        for (int i = 0; i < _tokens.Length; i++)
        {
            string t = _tokens[i];
            bool exact = t == name;
            bool withValue = t.StartsWith(name + "=", StringComparison.Ordinal);
            if (!exact && !withValue)
            {
                continue;
            }

            if (found >= 0)
            {
                throw new UsageException($"Option {name} is given more than once.");
            }

            found = i;
            inline = withValue ? t[(name.Length + 1)..] : null;
        }

        return found;
    }

    // "-5" and "-0.5" are values, not options.
    private static bool LooksLikeOption(string token) =>
        token.Length > 1 && token[0] == '-' && !double.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out _);

    private static string DescribeRange(double min, double max, bool exclusiveMin)
    {
        bool noMin = min <= long.MinValue;
        bool noMax = max >= long.MaxValue;
        string lower = (exclusiveMin ? "greater than " : "at least ") + min.ToString(CultureInfo.InvariantCulture);
        string upper = "at most " + max.ToString(CultureInfo.InvariantCulture);
        return (noMin, noMax) switch
        {
            (true, true) => "a number",
            (true, false) => upper,
            (false, true) => lower,
            _ => $"{lower} and {upper}",
        };
    }
}
