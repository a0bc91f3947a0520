using SkiaSharp;

namespace LabReport.Charts;

/// <summary>
/// The one font every chart is measured and drawn with: DejaVu Sans from Debian's <c>fonts-dejavu-core</c> (installed by
/// <c>.ci/run</c> and the README), loaded from its file rather than by family name, so the layout never depends on which
/// fonts a machine has configured. Without the file the charts fall back to Skia's default typeface and
/// <see cref="Warning"/> says so (the report prints it): the layout stays measured, but with another font. A font lives
/// as long as the process (typefaces are shared by every chart drawn).
/// </summary>
public sealed class ChartFont
{
    /// <summary>Where Debian's fonts-dejavu-core puts the regular face.</summary>
    public const string RegularFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

    /// <summary>Where it puts the bold face (chart titles).</summary>
    public const string BoldFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

    /// <summary>The package that provides both files.</summary>
    public const string Package = "fonts-dejavu-core";

    // OxyPlot's FontWeights.Bold; anything at or above it is drawn bold.
    private const double BoldWeight = 700;

    private readonly SKTypeface _regular;
    private readonly SKTypeface _bold;

    private ChartFont(SKTypeface regular, SKTypeface bold, string name, string? warning)
    {
        _regular = regular;
        _bold = bold;
        Name = name;
        Warning = warning;
    }

    /// <summary>The font of this process's charts, loaded once.</summary>
    public static ChartFont Shared => Lazy.Value;

    private static readonly Lazy<ChartFont> Lazy = new(() => Load(RegularFile, BoldFile));

    /// <summary>The family name the charts were drawn with.</summary>
    public string Name { get; }

    /// <summary>Null when the lab's font was found; otherwise one line saying which font was used instead and how to install it.</summary>
    public string? Warning { get; }

    /// <summary>Loads the two faces from their files; falls back to Skia's default typeface, with a warning, when either is missing.</summary>
    public static ChartFont Load(string regularFile, string boldFile)
    {
        var regular = File.Exists(regularFile) ? SKTypeface.FromFile(regularFile) : null;
        var bold = File.Exists(boldFile) ? SKTypeface.FromFile(boldFile) : null;
        if (regular is not null && bold is not null)
        {
            return new ChartFont(regular, bold, regular.FamilyName, null);
        }

        regular?.Dispose();
        bold?.Dispose();
        var fallback = SKTypeface.Default;
        string missing = regular is null ? regularFile : boldFile;
        return new ChartFont(fallback, SKTypeface.FromFamilyName(fallback.FamilyName, SKFontStyle.Bold) ?? fallback, fallback.FamilyName,
            $"charts: {missing} not found, so they are drawn with '{fallback.FamilyName}' instead of DejaVu Sans " +
            $"(their layout may differ from the committed reports'); install it: apt-get install {Package}");
    }

    /// <summary>A paint that draws and measures text in this font at <paramref name="size"/> pixels.</summary>
    public SKPaint Paint(double size, double weight) => new()
    {
        Typeface = weight >= BoldWeight ? _bold : _regular,
        TextSize = (float)size,
        IsAntialias = true,
        // Unhinted, fractional advances: the same widths at every size and in every output (SVG and PNG).
        SubpixelText = true,
        IsLinearText = true,
        HintingLevel = SKPaintHinting.NoHinting,
    };
}
