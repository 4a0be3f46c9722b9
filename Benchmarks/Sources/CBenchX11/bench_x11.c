#include "bench_x11.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <xcb/shm.h>
#include <xcb/xcb.h>

struct bench_x11 {
    xcb_connection_t *connection;
    xcb_window_t window;
    xcb_gcontext_t gc;
    uint8_t depth;
    int width, height;
    size_t max_request_bytes;
    xcb_shm_seg_t segment;
    uint8_t *shared;
    uint8_t *band;
};

bench_x11 *bench_x11_open(const char *display, int x, int y, int width, int height, int use_shm) {
    int screen_number = 0;
    xcb_connection_t *connection = xcb_connect(display, &screen_number);
    if (xcb_connection_has_error(connection)) {
        xcb_disconnect(connection);
        return NULL;
    }
    xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data;
    bench_x11 *x11 = calloc(1, sizeof *x11);
    x11->connection = connection;
    x11->depth = screen->root_depth;
    x11->width = width;
    x11->height = height;
    x11->max_request_bytes = (size_t)xcb_get_maximum_request_length(connection) * 4;
    x11->window = xcb_generate_id(connection);
    uint32_t values[] = {screen->black_pixel, XCB_EVENT_MASK_EXPOSURE};
    xcb_create_window(connection, screen->root_depth, x11->window, screen->root, (int16_t)x, (int16_t)y, (uint16_t)width,
                      (uint16_t)height, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual,
                      XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);
    x11->gc = xcb_generate_id(connection);
    uint32_t no_exposures = 0;
    xcb_create_gc(connection, x11->gc, x11->window, XCB_GC_GRAPHICS_EXPOSURES, &no_exposures);
    xcb_map_window(connection, x11->window);
    x11->band = malloc(x11->max_request_bytes);
    if (use_shm) {
        int id = shmget(IPC_PRIVATE, (size_t)width * height * 4, IPC_CREAT | 0600);
        void *address = id >= 0 ? shmat(id, NULL, 0) : (void *)-1;
        if (address == (void *)-1) {
            bench_x11_close(x11);
            return NULL;
        }
        x11->segment = xcb_generate_id(connection);
        xcb_generic_error_t *error = xcb_request_check(connection, xcb_shm_attach_checked(connection, x11->segment, (uint32_t)id, 0));
        shmctl(id, IPC_RMID, NULL);
        x11->shared = address;
        if (error) {
            free(error);
            x11->segment = 0;
            bench_x11_close(x11);
            return NULL;
        }
    }
    xcb_flush(connection);
    return x11;
}

static void sync_with_server(bench_x11 *x11) {
    free(xcb_get_input_focus_reply(x11->connection, xcb_get_input_focus(x11->connection), NULL));
}

void bench_x11_present(bench_x11 *x11, const uint8_t *pixels, size_t stride, int x, int y, int w, int h) {
    size_t row_bytes = (size_t)w * 4;
    if (x11->shared) {
        for (int row = y; row < y + h; row++) {
            memcpy(x11->shared + row * stride + (size_t)x * 4, pixels + row * stride + (size_t)x * 4, row_bytes);
        }
        xcb_shm_put_image(x11->connection, x11->window, x11->gc, (uint16_t)x11->width, (uint16_t)x11->height,
                          (uint16_t)x, (uint16_t)y, (uint16_t)w, (uint16_t)h, (int16_t)x, (int16_t)y, x11->depth,
                          XCB_IMAGE_FORMAT_Z_PIXMAP, 0, x11->segment, 0);
    } else {
        size_t rows_per_band = (x11->max_request_bytes - 28) / row_bytes;
        if (rows_per_band < 1) rows_per_band = 1;
        for (int top = y; top < y + h; top += (int)rows_per_band) {
            int rows = (int)rows_per_band < y + h - top ? (int)rows_per_band : y + h - top;
            for (int row = 0; row < rows; row++) {
                memcpy(x11->band + row * row_bytes, pixels + (size_t)(top + row) * stride + (size_t)x * 4, row_bytes);
            }
            xcb_put_image(x11->connection, XCB_IMAGE_FORMAT_Z_PIXMAP, x11->window, x11->gc, (uint16_t)w, (uint16_t)rows,
                          (int16_t)x, (int16_t)top, 0, x11->depth, (uint32_t)(rows * row_bytes), x11->band);
        }
    }
    sync_with_server(x11);
}

void bench_x11_close(bench_x11 *x11) {
    if (!x11) return;
    if (x11->segment) xcb_shm_detach(x11->connection, x11->segment);
    if (x11->shared) shmdt(x11->shared);
    xcb_disconnect(x11->connection);
    free(x11->band);
    free(x11);
}

int bench_x11_move_window(const char *display, uint32_t window, int x, int y) {
    xcb_connection_t *connection = xcb_connect(display, NULL);
    if (xcb_connection_has_error(connection)) {
        xcb_disconnect(connection);
        return -1;
    }
    uint32_t position[] = {(uint32_t)x, (uint32_t)y};
    xcb_configure_window(connection, window, XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y, position);
    free(xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), NULL));
    xcb_disconnect(connection);
    return 0;
}
