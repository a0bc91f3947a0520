using System.Globalization;

namespace Calibration;

/// <summary>
/// How much work each benchmark of <see cref="KnownWork"/> does, relative to its base: the environment variable
/// <see cref="Variable"/> (a number, default 1). Read once at setup, so every side of an <c>ab</c> comparison can be
/// given its own value (<c>--b-env FTF_CALIBRATION_SCALE=1.05</c>) and the change between them is known exactly.
/// </summary>
public static class CalibrationScale
{
    /// <summary>The environment variable that sets the scale.</summary>
    public const string Variable = "FTF_CALIBRATION_SCALE";

    /// <summary>Smallest scale accepted: below it a step count rounds too coarsely to stay exact.</summary>
    public const double Minimum = 0.1;

    /// <summary>Largest scale accepted.</summary>
    public const double Maximum = 10;

    /// <summary>The scale the environment asks for (1 when the variable is unset or empty).</summary>
    /// <exception cref="InvalidOperationException">The variable is not a number from <see cref="Minimum"/> to <see cref="Maximum"/>.</exception>
    public static double FromEnvironment() => Parse(Environment.GetEnvironmentVariable(Variable));

    /// <summary>Reads a scale as the variable holds it.</summary>
    public static double Parse(string? text)
    {
        if (string.IsNullOrWhiteSpace(text))
        {
            return 1;
        }

        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double scale) || !(scale >= Minimum && scale <= Maximum))
        {
            throw new InvalidOperationException(
                $"{Variable}='{text}' is not a scale: use a number from {Minimum.ToString(CultureInfo.InvariantCulture)} to {Maximum.ToString(CultureInfo.InvariantCulture)}, e.g. 1.05 for 5% more work");
        }

        return scale;
    }

    /// <summary>
    /// The steps one invocation runs: the base count times the scale, rounded. Base counts are hundreds of thousands,
    /// so rounding moves the ratio by less than 1e-5.
    /// </summary>
    public static int Steps(int baseSteps, double scale)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(baseSteps, 1);
        return (int)Math.Round(baseSteps * scale, MidpointRounding.AwayFromZero);
    }
}
