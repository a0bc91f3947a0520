using OxyPlot;

namespace LabReport.Charts;

/// <summary>
/// One piece of text as a chart drew it: the ink of its glyphs on the canvas (axis-aligned, in chart pixels), the clip
/// in force when it was drawn (null: none), and whether the text needed more room than the layout gave it
/// (<c>maxSize</c>), which cuts it.
/// </summary>
public sealed record TextBox(string Text, OxyRect Ink, OxyRect? Clip, bool Truncated)
{
    /// <summary>True when part of the ink falls outside the clip or the text did not fit its room: a reader sees it cut.</summary>
    public bool IsCut => Truncated || (Clip is { } clip && !Contains(clip, Ink));

    /// <summary>True when the two inks share an area (touching edges do not count).</summary>
    public bool Overlaps(TextBox other, double tolerance = 0)
    {
        ArgumentNullException.ThrowIfNull(other);
        return Ink.Left < other.Ink.Right - tolerance && other.Ink.Left < Ink.Right - tolerance
            && Ink.Top < other.Ink.Bottom - tolerance && other.Ink.Top < Ink.Bottom - tolerance;
    }

    /// <summary>True when <paramref name="inner"/> lies within <paramref name="outer"/> (half a pixel of antialiasing allowed).</summary>
    public static bool Contains(OxyRect outer, OxyRect inner) =>
        inner.Left >= outer.Left - 0.5 && inner.Top >= outer.Top - 0.5 && inner.Right <= outer.Right + 0.5 && inner.Bottom <= outer.Bottom + 0.5;

    /// <inheritdoc />
    public override string ToString() =>
        FormattableString.Invariant($"\"{Text}\" at [{Ink.Left:0}, {Ink.Top:0}; {Ink.Right:0}, {Ink.Bottom:0}]");
}
