// Lamina: one import for the whole pipeline. Each module below is also a product of its own.
@_exported import LaminaFrames
@_exported import LaminaGraphics
@_exported import LaminaImages
@_exported import LaminaLayers
@_exported import LaminaLoop
@_exported import LaminaText
@_exported import LaminaTrace
@_exported import LaminaUI
