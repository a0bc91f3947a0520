using System.Text.RegularExpressions;

namespace LabReport;

/// <summary>Quotes a word for a POSIX shell, only when it needs it, so command.txt can be pasted as it is.</summary>
public static partial class ShellWord
{
    /// <summary>"abc" stays abc; "a b" becomes 'a b'; "it's" becomes 'it'\''s'.</summary>
    public static string Quote(string word)
    {
        ArgumentNullException.ThrowIfNull(word);
        return word.Length > 0 && Safe().IsMatch(word) ? word : "'" + word.Replace("'", @"'\''", StringComparison.Ordinal) + "'";
    }

    [GeneratedRegex(@"^[A-Za-z0-9_./:=@%+,-]+$", RegexOptions.CultureInvariant)]
    private static partial Regex Safe();
}
