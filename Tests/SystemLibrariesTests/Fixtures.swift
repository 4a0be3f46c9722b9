/// Debian's DejaVu Sans (fonts-dejavu-core), the font the system-library tests shape and load.
let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
