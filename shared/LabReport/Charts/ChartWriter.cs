using OxyPlot;

namespace LabReport.Charts;

/// <summary>A chart a report wrote: its file, the model it was drawn from, and what the SVG drew.</summary>
public sealed record WrittenChart(string FileName, PlotModel Model, int Width, int Height, RenderedChart Rendered);

/// <summary>
/// Writes a report's charts as SVG files into one directory and keeps each one's model, so a test can draw the same chart
/// again as a PNG and check what a reader sees.
/// </summary>
public sealed class ChartWriter(string directory, ChartFont? font = null)
{
    private readonly List<WrittenChart> _written = [];

    /// <summary>Where the charts go (next to report.md).</summary>
    public string Directory { get; } = directory;

    /// <summary>The font the charts are drawn with (its <see cref="ChartFont.Warning"/> says when it is a fallback).</summary>
    public ChartFont Font { get; } = font ?? ChartFont.Shared;

    /// <summary>Every chart written, in order.</summary>
    public IReadOnlyList<WrittenChart> Written => _written;

    /// <summary>Draws <paramref name="model"/> into <see cref="Directory"/>/<paramref name="fileName"/>; returns the file name.</summary>
    public string Save(PlotModel model, string fileName, int height = ChartStyle.Height, int width = ChartStyle.Width)
    {
        ArgumentNullException.ThrowIfNull(model);
        ArgumentNullException.ThrowIfNull(fileName);
        System.IO.Directory.CreateDirectory(Directory);
        var (rendered, svg) = ChartRenderer.Svg(model, width, height, Path.GetFileNameWithoutExtension(fileName), Font);
        File.WriteAllText(Path.Combine(Directory, fileName), svg);
        _written.Add(new WrittenChart(fileName, model, width, height, rendered));
        return fileName;
    }
}
