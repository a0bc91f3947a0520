using System.Xml.Linq;

namespace LabReport.Tests;

/// <summary>
/// The strings a chart's SVG shows. The charts draw text as glyph outlines; each string's group carries it as its
/// aria-label (lines of a multi-line string joined by a space).
/// </summary>
public static class SvgText
{
    /// <summary>Every string of the SVG file at <paramref name="path"/>, in drawing order.</summary>
    public static IReadOnlyList<string> Shown(string path) =>
        [.. XDocument.Load(path).Descendants().Where(e => e.Name.LocalName == "g").Select(e => e.Attribute("aria-label")?.Value).OfType<string>()];
}
