using System.Text;

namespace MeasurementLab;

/// <summary>Text from a measured file, made safe to write into markdown.</summary>
public static class MarkdownText
{
    /// <summary>
    /// A <c>&lt;</c> that could open an HTML tag (a letter, <c>/</c>, <c>!</c> or <c>?</c> follows) becomes an entity,
    /// and so does the <c>&gt;</c> that closes it: raw files carry words such as perf's "&lt;not supported&gt;", which
    /// a markdown renderer (GitHub, Markdig) takes for a tag and hides. A comparison ("p &lt; 0.001") cannot be a tag
    /// and stays readable as plain text; inside a code span (<c>`&lt;run-folder&gt;`</c>) nothing changes, since
    /// entities there print literally.
    /// </summary>
    public static string Escape(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        if (!text.Contains('<', StringComparison.Ordinal))
        {
            return text;
        }

        var escaped = new StringBuilder(text.Length + 8);
        int openRun = 0; // the length of the backtick run that opened the current code span; 0 outside one
        bool inTag = false; // after an escaped '<', until its '>'
        for (int i = 0; i < text.Length;)
        {
            if (text[i] == '`')
            {
                int run = 1;
                while (i + run < text.Length && text[i + run] == '`')
                {
                    run++;
                }

                // A span closes only on a run of the same length, as CommonMark says.
                openRun = openRun == 0 ? run : openRun == run ? 0 : openRun;
                escaped.Append(text, i, run);
                i += run;
                continue;
            }

            char c = text[i++];
            if (openRun == 0 && c == '<' && i < text.Length && (char.IsAsciiLetter(text[i]) || text[i] is '/' or '!' or '?'))
            {
                escaped.Append("&lt;");
                inTag = true;
            }
            else if (inTag && c == '>')
            {
                escaped.Append("&gt;");
                inTag = false;
            }
            else
            {
                escaped.Append(c);
            }
        }

        return escaped.ToString();
    }
}
