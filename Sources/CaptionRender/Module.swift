// The native renderer: rasterizing, stroke, blur, boxes, animation, compositing, PNG.
